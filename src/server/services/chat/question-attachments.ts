import { Code } from '../../../shared/codes';
import type { ChatAttachment } from '../../../shared/contract/chat';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../shared/languages';
import type { ChatAttachmentRow } from '../../db/schema';
import { DomainError } from '../../errors';
import { documentBlock, imageTag } from '../../providers/llm/attachment-blocks';
import type { LlmContentPart, LlmMessage } from '../../providers/llm/types';
import type { Runtime } from '../../runtime';
import { chatModelsFor } from '../channels/offer';
import { attachmentBytes, attachmentDto, ownAttachments } from './attachments';
import type { Caller } from './quota';

/** Characters of documents a question may carry when the model's context length is unknown. */
export const DEFAULT_DOCUMENT_CHARS = 24_000;

/** What of the request names attachments: the question's and each context message's ids. */
export interface AttachmentInput {
  messages: Array<{ content: string; attachments?: string[] }>;
  options: { attachments?: string[] };
}

/** The chosen model's capabilities, read where GET /api/chat/models reads them (its `details`). */
export async function modelCapabilities(rt: Runtime, caller: Caller, lang: string, model: string) {
  const { details } = await chatModelsFor(rt, caller, isLanguage(lang) ? lang : DEFAULT_LANGUAGE);
  const found = details.find((d) => d.id === model);
  return { vision: found?.vision ?? false, contextTokens: found?.contextTokens ?? 0 };
}

/**
 * Documents may fill about half the context window (at ~2 characters a token, one character per
 * token of the window); the rest stays for the conversation and the answer.
 */
export const documentBudget = (contextTokens: number) => (contextTokens > 0 ? contextTokens : DEFAULT_DOCUMENT_CHARS);

/**
 * Puts the attachments of the question and of context messages into the messages sent to the model
 * (`built`, as buildMessages made them: system?, context…, question): pictures as `image_url`
 * parts (refused with 400 for a model without vision, before any quota is spent), documents' text
 * in the question's text, cut to the model's budget with the cut said. Answers the question's
 * attachments as the person should see them (truncated when cut).
 */
export async function withAttachments(
  rt: Runtime,
  c: { caller: Caller; lang: string },
  input: AttachmentInput,
  model: string,
  built: LlmMessage[],
): Promise<{ messages: LlmMessage[]; attachments: ChatAttachment[] }> {
  const asked = input.options.attachments ?? [];
  const anyContext = input.messages.some((m) => m.attachments?.length);
  if (asked.length === 0 && !anyContext) return { messages: built, attachments: [] };

  // Built context is the last non-empty messages of the request, in order; the question is last.
  const kept = input.messages.filter((m) => m.content.trim());
  const contextCount = built.length - 1 - (built[0]?.role === 'system' ? 1 : 0);
  const context = kept.slice(kept.length - contextCount);
  const idsOf = [...context.map((m) => m.attachments ?? []), asked];
  const rows = await ownAttachments(rt, c.caller.userId, idsOf.flat());
  const byId = new Map(rows.map((r) => [r.id, r]));
  const caps = await modelCapabilities(rt, c.caller, c.lang, model);
  if (rows.some((r) => r.kind === 'image') && !caps.vision)
    throw new DomainError(Code.BAD_REQUEST, 'chat:attach.noVision', { status: 400, params: { model } });

  let budget = documentBudget(caps.contextTokens);
  const shown: ChatAttachment[] = [];
  const out = [...built];
  const first = out.length - idsOf.length;
  // The question first, then context from the newest: the newest documents get the budget first.
  for (let i = idsOf.length - 1; i >= 0; i--) {
    const list = (idsOf[i] ?? []).flatMap((id) => byId.get(id) ?? []);
    const message = out[first + i];
    // Only questions carry files (an answer cannot hold a picture part).
    if (list.length === 0 || !message || message.role !== 'user') continue;
    const docs: string[] = [];
    const images: LlmContentPart[] = [];
    for (const row of list) {
      if (row.kind === 'image') {
        const data = (await attachmentBytes(rt, row)).toString('base64');
        images.push(
          { type: 'text', text: imageTag(row) },
          { type: 'image_url', image_url: { url: `data:${row.mime};base64,${data}` } },
        );
        if (i === idsOf.length - 1) shown.push(attachmentDto(row));
        continue;
      }
      const { block, cut } = documentFor(row, budget);
      budget -= Math.min(budget, row.text?.length ?? 0);
      docs.push(block);
      if (i === idsOf.length - 1) shown.push(attachmentDto(row, cut));
    }
    const text = [typeof message.content === 'string' ? message.content : '', ...docs].join('\n\n');
    out[first + i] = { role: message.role, content: images.length ? [{ type: 'text', text }, ...images] : text };
  }
  return { messages: out, attachments: shown };
}

function documentFor(row: ChatAttachmentRow, budget: number): { block: string; cut: boolean } {
  const text = row.text ?? '';
  if (text.length <= budget) return { block: documentBlock(row, text), cut: false };
  return { block: documentBlock(row, text.slice(0, budget), { sent: budget, total: text.length }), cut: true };
}
