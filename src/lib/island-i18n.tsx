import i18next, { type i18n } from 'i18next';
import { type ReactNode, useState } from 'react';
import { I18nextProvider } from 'react-i18next';

/** namespace → flat keys, for one language: all the texts an island needs, passed from the page. */
export type IslandMessages = Record<string, Record<string, string>>;

export interface IslandI18nProps {
  lang: string;
  messages: IslandMessages;
}

/**
 * One i18next instance per island, built from the page's props: the island
 * bundle carries no locale files, only the texts of its own language.
 */
export function createIslandI18n({ lang, messages }: IslandI18nProps, defaultNS = 'chat'): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    resources: { [lang]: messages },
    ns: Object.keys(messages),
    defaultNS,
    keySeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

export function IslandI18n({ lang, messages, children }: IslandI18nProps & { children: ReactNode }) {
  const [instance] = useState(() => createIslandI18n({ lang, messages }));
  return <I18nextProvider i18n={instance}>{children}</I18nextProvider>;
}
