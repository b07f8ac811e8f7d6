import type { Language } from '../../shared/i18n';
import { legal as enUS } from './en-US';
import type { LegalDocument, LegalKind } from './types';
import { legal as zhCN } from './zh-CN';
import { legal as zhTW } from './zh-TW';

const BY_LANGUAGE = { 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW } as const;

/** The document in `lang`, with `{site}` replaced by the site's name. */
export function getLegalDocument(lang: Language, kind: LegalKind, siteName: string): LegalDocument {
  const doc = BY_LANGUAGE[lang][kind];
  const fill = (text: string) => text.replaceAll('{site}', siteName);
  return {
    updated: doc.updated,
    intro: fill(doc.intro),
    sections: doc.sections.map((section) => ({
      heading: fill(section.heading),
      paragraphs: section.paragraphs.map(fill),
    })),
  };
}

export const LEGAL_CONTENT = BY_LANGUAGE;
export type { LegalDocument, LegalKind } from './types';
