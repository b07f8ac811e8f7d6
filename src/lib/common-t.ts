import enCommon from '../../locales/en-US/common.json';
import zhCommon from '../../locales/zh-CN/common.json';
import twCommon from '../../locales/zh-TW/common.json';
import { FALLBACK_LANGUAGE, type Language } from '../shared/languages';

const COMMON: Record<Language, Record<string, string>> = { 'zh-CN': zhCommon, 'en-US': enCommon, 'zh-TW': twCommon };

/**
 * A translator for the `common` namespace without i18next: the API client's
 * messages (timeouts, network errors) are needed on pages whose islands may
 * not load i18next at all. Keys fall back to en-US, then to the key itself.
 */
export function commonT(lang: Language, key: string, params: Record<string, string | number> = {}): string {
  const text = COMMON[lang][key] ?? COMMON[FALLBACK_LANGUAGE][key] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
