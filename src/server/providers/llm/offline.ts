import { setTimeout as sleep } from 'node:timers/promises';
import { i18nOf, isLanguage } from '../../../shared/i18n';
import { OFFLINE_MODELS } from '../../config/chat';
import { withoutAttachmentBlocks } from './attachment-blocks';
import { offlineAttachmentLines } from './offline-attachments';
import { offlineContinue } from './offline-continue';
import { lastQuestion, offlineReasoning } from './offline-reasoning';
import { offlineSamples } from './offline-samples';
import { offlineSourceLines } from './offline-sources';
import { offlineToolCall, offlineToolLines } from './offline-tools';
import { readSourceBlocks } from './source-blocks';
import { type LlmProvider, type LlmRequest, messageText } from './types';

/** Pieces of a few characters, like a model's tokens: words for Latin text, 1–2 characters for CJK. */
export function tokenize(text: string): string[] {
  return (
    text.match(/\s+|[A-Za-z0-9_'.-]+|[\u3000-\u9fff\uff00-\uffef]{1,2}|[^\sA-Za-z0-9\u3000-\u9fff\uff00-\uffef]/gu) ??
    []
  );
}

/**
 * The deterministic demo answer visitors read: friendly, in their language, saying the site is in
 * demo mode. How to connect a model is operators' business (README, start-up log), never shown here.
 */
export function offlineAnswer(request: Pick<LlmRequest, 'messages' | 'lang'>): string {
  const t = i18nOf(isLanguage(request.lang) ? request.lang : 'zh-CN').t;
  const lastMessage = [...request.messages].reverse().find((m) => m.role === 'user');
  const last = lastMessage ? withoutAttachmentBlocks(messageText(lastMessage)) : '';
  const question = last.replace(/\s+/g, ' ').trim().slice(0, 80);
  // An app's prompt is a system message; the sources' message is one too, but no app.
  const withApp = request.messages.some((m) => m.role === 'system' && !readSourceBlocks(messageText(m)).length);
  return [
    `> **${t('chat:offline.label')}**`,
    '',
    t('chat:offline.intro', { question }),
    '',
    ...offlineToolLines(request.messages, t),
    ...offlineAttachmentLines(request.messages, t),
    ...offlineSourceLines(request.messages, last, t),
    ...offlineSamples(last, t),
    t('chat:offline.tryTitle'),
    '',
    `- ${t('chat:offline.tryDraw')}`,
    `- ${t('chat:offline.tryMusic')}`,
    `- ${t('chat:offline.tryApps')}`,
    '',
    ...(withApp ? [t('chat:offline.withApp'), ''] : []),
    t('chat:offline.outro'),
  ].join('\n');
}

/** Waits between pieces; a stop ends the wait early and the loop then returns. */
const pause = (ms: number, signal: AbortSignal) =>
  ms > 0 ? sleep(ms, undefined, { signal }).catch(() => undefined) : undefined;

/** A local responder that streams offlineAnswer() a few characters at a time, at about a model's pace. */
export function createOfflineLlm(delayMs: number): LlmProvider {
  return {
    mode: 'offline',
    models: OFFLINE_MODELS,
    async *stream(request) {
      // A continued answer goes on where it stopped, as does one a tool's result came back to: its thinking was shown already.
      const resumed = request.continuing || request.messages.some((m) => m.role === 'tool');
      const thinking = resumed ? '' : offlineReasoning(request);
      for (const piece of tokenize(thinking)) {
        if (request.signal.aborted) return;
        yield { type: 'reasoning', text: piece };
        await pause(delayMs, request.signal);
      }
      const call = offlineToolCall(request, lastQuestion(request));
      if (call) {
        yield { type: 'toolCall', call };
        return;
      }
      for (const piece of tokenize(offlineContinue(request, offlineAnswer) ?? offlineAnswer(request))) {
        if (request.signal.aborted) return;
        yield { type: 'text', text: piece };
        await pause(delayMs, request.signal);
      }
    },
  };
}
