import type { TFunction } from 'i18next';
import type { ChatModelInfo } from '../../../shared/contract/chat';
import { i18nOf, isLanguage, type Language } from '../../../shared/i18n';
import { OFFLINE_MODEL, OFFLINE_REASONER } from '../../config/chat';
import { type LlmRequest, messageText } from './types';

const translator = (lang: string): TFunction => i18nOf(isLanguage(lang) ? lang : 'zh-CN').t;

/** The last question, on one line and short, as the offline texts quote it. */
export function lastQuestion(request: Pick<LlmRequest, 'messages'>): string {
  const last = [...request.messages].reverse().find((m) => m.role === 'user');
  return (last ? messageText(last) : '').replace(/\s+/g, ' ').trim().slice(0, 80);
}

/**
 * What the offline reasoning model "thinks" before its demo answer (docs/chat.md#offline): a few
 * sentences about the question in the person's language, so the thinking block works with no model.
 * Empty for the other offline model.
 */
export function offlineReasoning(request: Pick<LlmRequest, 'model' | 'messages' | 'lang'>): string {
  if (request.model !== OFFLINE_REASONER) return '';
  const t = translator(request.lang);
  const question = lastQuestion(request);
  return [t('chat:offline.think1', { question }), t('chat:offline.think2'), t('chat:offline.think3')].join('\n\n');
}

/** GET /api/chat/models' details of the offline models, named in the page's language. */
export function offlineModelDetails(lang: Language): ChatModelInfo[] {
  const t = translator(lang);
  return [
    {
      id: OFFLINE_MODEL,
      name: t('chat:offline.modelName'),
      description: t('chat:offline.modelAbout'),
      // It acknowledges attached pictures, so the composer lets people attach them.
      vision: true,
      reasoning: false,
      contextTokens: 0,
    },
    {
      id: OFFLINE_REASONER,
      name: t('chat:offline.reasonerName'),
      description: t('chat:offline.reasonerAbout'),
      vision: false,
      reasoning: true,
      contextTokens: 0,
    },
  ];
}
