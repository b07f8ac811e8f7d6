import type { Language } from '../../shared/i18n';
import { legal as enUS } from './en-US';
import type { LegalDocument, LegalKind } from './types';
import { legal as zhCN } from './zh-CN';
import { legal as zhTW } from './zh-TW';

const BY_LANGUAGE = { 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW } as const;

/**
 * The document in `lang`, with `{site}` replaced by the site's name and `{days}` by the complaint desk's
 * handling time in working days (a console setting, docs/compliance.md).
 */
export function getLegalDocument(lang: Language, kind: LegalKind, siteName: string, days: number): LegalDocument {
  const doc = BY_LANGUAGE[lang][kind];
  const fill = (text: string) => text.replaceAll('{site}', siteName).replaceAll('{days}', String(days));
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
