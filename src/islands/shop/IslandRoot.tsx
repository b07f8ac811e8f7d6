import { type ReactNode, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { configureApi } from '../../lib/api';
import { createIslandI18n, type IslandMessages } from '../../lib/island-i18n';
import { notify } from '../../lib/toast';
import type { Language } from '../../shared/languages';

let wired = false;

/** The API client's messages become toasts; done once, in the browser only. */
function wireNotify(): void {
  if (wired || typeof window === 'undefined') return;
  wired = true;
  configureApi({ notify });
}

/** i18n for one island, in the language the server rendered the page in (ARCHITECTURE.md). */
export function IslandRoot({
  lang,
  messages,
  children,
}: {
  lang: Language;
  messages: IslandMessages;
  children: ReactNode;
}) {
  wireNotify();
  const i18n = useMemo(() => createIslandI18n({ lang, messages }, 'common'), [lang, messages]);
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}
