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
function createIslandI18n({ lang, messages }: IslandI18nProps, defaultNS: string): i18n {
  // The server renders every island of a page (and every page) from the same messages object.
  const known = instances.get(messages)?.get(`${lang}|${defaultNS}`);
  if (known) return known;
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
  const byNs = instances.get(messages) ?? new Map<string, i18n>();
  byNs.set(`${lang}|${defaultNS}`, instance);
  instances.set(messages, byNs);
  return instance;
}
const instances = new WeakMap<IslandMessages, Map<string, i18n>>();

/**
 * The one root every island entry mounts through: i18n in the language the
 * server rendered the page in. `ns` is the namespace of keys given without one.
 * Built once per mount: an island's props never change after hydration.
 */
export function IslandRoot({ lang, messages, ns, children }: IslandI18nProps & { ns: string; children: ReactNode }) {
  const [instance] = useState(() => createIslandI18n({ lang, messages }, ns));
  return <I18nextProvider i18n={instance}>{children}</I18nextProvider>;
}
