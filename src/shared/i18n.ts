import i18next, { type i18n, type TFunction } from 'i18next';
import enAccount from '../../locales/en-US/account.json';
import enActivity from '../../locales/en-US/activity.json';
import enAdmin from '../../locales/en-US/admin.json';
import enChannels from '../../locales/en-US/channels.json';
import enChat from '../../locales/en-US/chat.json';
import enCommon from '../../locales/en-US/common.json';
import enCompliance from '../../locales/en-US/compliance.json';
import enCredits from '../../locales/en-US/credits.json';
import enDrawing from '../../locales/en-US/drawing.json';
import enKnowledge from '../../locales/en-US/knowledge.json';
import enLayout from '../../locales/en-US/layout.json';
import enMusic from '../../locales/en-US/music.json';
import enReferral from '../../locales/en-US/referral.json';
import enShop from '../../locales/en-US/shop.json';
import enVideo from '../../locales/en-US/video.json';
import enWebsearch from '../../locales/en-US/websearch.json';
import zhAccount from '../../locales/zh-CN/account.json';
import zhActivity from '../../locales/zh-CN/activity.json';
import zhAdmin from '../../locales/zh-CN/admin.json';
import zhChannels from '../../locales/zh-CN/channels.json';
import zhChat from '../../locales/zh-CN/chat.json';
import zhCommon from '../../locales/zh-CN/common.json';
import zhCompliance from '../../locales/zh-CN/compliance.json';
import zhCredits from '../../locales/zh-CN/credits.json';
import zhDrawing from '../../locales/zh-CN/drawing.json';
import zhKnowledge from '../../locales/zh-CN/knowledge.json';
import zhLayout from '../../locales/zh-CN/layout.json';
import zhMusic from '../../locales/zh-CN/music.json';
import zhReferral from '../../locales/zh-CN/referral.json';
import zhShop from '../../locales/zh-CN/shop.json';
import zhVideo from '../../locales/zh-CN/video.json';
import zhWebsearch from '../../locales/zh-CN/websearch.json';
import twAccount from '../../locales/zh-TW/account.json';
import twActivity from '../../locales/zh-TW/activity.json';
import twAdmin from '../../locales/zh-TW/admin.json';
import twChannels from '../../locales/zh-TW/channels.json';
import twChat from '../../locales/zh-TW/chat.json';
import twCommon from '../../locales/zh-TW/common.json';
import twCompliance from '../../locales/zh-TW/compliance.json';
import twCredits from '../../locales/zh-TW/credits.json';
import twDrawing from '../../locales/zh-TW/drawing.json';
import twKnowledge from '../../locales/zh-TW/knowledge.json';
import twLayout from '../../locales/zh-TW/layout.json';
import twMusic from '../../locales/zh-TW/music.json';
import twReferral from '../../locales/zh-TW/referral.json';
import twShop from '../../locales/zh-TW/shop.json';
import twVideo from '../../locales/zh-TW/video.json';
import twWebsearch from '../../locales/zh-TW/websearch.json';

import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, isLanguage, LANGUAGES, type Language } from './languages';

export {
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGES,
  type Language,
} from './languages';

export type Resources = Record<string, Record<string, Record<string, string>>>;

export const resources: Resources = {
  'zh-CN': {
    common: zhCommon,
    layout: zhLayout,
    account: zhAccount,
    admin: zhAdmin,
    activity: zhActivity,
    shop: zhShop,
    chat: zhChat,
    channels: zhChannels,
    drawing: zhDrawing,
    music: zhMusic,
    video: zhVideo,
    websearch: zhWebsearch,
    knowledge: zhKnowledge,
    compliance: zhCompliance,
    referral: zhReferral,
    credits: zhCredits,
  },
  'en-US': {
    common: enCommon,
    layout: enLayout,
    account: enAccount,
    admin: enAdmin,
    activity: enActivity,
    shop: enShop,
    chat: enChat,
    channels: enChannels,
    drawing: enDrawing,
    music: enMusic,
    video: enVideo,
    websearch: enWebsearch,
    knowledge: enKnowledge,
    compliance: enCompliance,
    referral: enReferral,
    credits: enCredits,
  },
  'zh-TW': {
    common: twCommon,
    layout: twLayout,
    account: twAccount,
    admin: twAdmin,
    activity: twActivity,
    shop: twShop,
    chat: twChat,
    channels: twChannels,
    drawing: twDrawing,
    music: twMusic,
    video: twVideo,
    websearch: twWebsearch,
    knowledge: twKnowledge,
    compliance: twCompliance,
    referral: twReferral,
    credits: twCredits,
  },
};

/**
 * A fresh instance; changing its language never touches another's. Server
 * code that only translates uses `i18nOf`.
 */
export function createI18n(lang: Language, res: Resources = resources): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources: res,
    ns: Object.keys(res[lang] ?? res[FALLBACK_LANGUAGE] ?? { common: {} }),
    defaultNS: 'common',
    keySeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

const perLanguage = new Map<Language, i18n>();

/**
 * One instance per language per process, for the server's pages and replies:
 * nothing changes its language, so concurrent renders never mix languages.
 */
export function i18nOf(lang: Language): i18n {
  let instance = perLanguage.get(lang);
  if (!instance) {
    instance = createI18n(lang);
    perLanguage.set(lang, instance);
  }
  return instance;
}

const translators = new Map<Language, TFunction>();

/** How many texts a translator keeps before it starts over (option values may come from people). */
const MAX_KEPT = 4096;

/** What a call is kept under: the key alone, or with its options when all are plain values; else null. */
function keptAs(args: unknown[]): string | null {
  const [key, options] = args;
  if (typeof key !== 'string' || args.length > 2) return null;
  if (args.length === 1) return key;
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return null;
  for (const value of Object.values(options)) {
    const type = typeof value;
    if (type !== 'string' && type !== 'number' && type !== 'boolean' && value !== undefined) return null;
  }
  return `${key}\u0000${JSON.stringify(options)}`;
}

/**
 * `i18nOf(lang).t`, with what a call resolves to kept: i18next copies its
 * options and walks its resolution steps on every call, and a page asks a
 * hundred texts per render (~1 ms of its server time). The resources never
 * change while the process runs, so a key without options, or with plain
 * values, always gives the same text.
 */
export function translatorOf(lang: Language): TFunction {
  let t = translators.get(lang);
  if (!t) {
    const full = i18nOf(lang).t as unknown as (...a: unknown[]) => string;
    const kept = new Map<string, string>();
    t = ((...args: unknown[]) => {
      const as = keptAs(args);
      if (as === null) return full(...args);
      let text = kept.get(as);
      if (text === undefined) {
        text = full(...args);
        if (typeof text !== 'string') return text;
        if (kept.size >= MAX_KEPT) kept.clear();
        kept.set(as, text);
      }
      return text;
    }) as unknown as TFunction;
    translators.set(lang, t);
  }
  return t;
}

/**
 * The cookie mirroring appSetting.language, else zh-CN (the default
 * interface language, docs/routes-and-screens.md). Accept-Language is deliberately not consulted: the
 * page, the API and appSetting must agree on one language.
 */
export function pickLanguage(cookieValue?: string | null): Language {
  return isLanguage(cookieValue) ? cookieValue : DEFAULT_LANGUAGE;
}
