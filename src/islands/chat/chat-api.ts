import { get, request } from '../../lib/api';
import type {
  ChatAttachment,
  ChatCitation,
  ChatModels,
  ChatProcessBody,
  ChatQuota,
  ChatStreamEvents,
  ChatToolStep,
} from '../../shared/contract/chat';
import { sseEvents } from '../../shared/sse';

export type StreamOutcome =
  | { status: 'done'; done: ChatStreamEvents['done'] }
  | { status: 'aborted' }
  | { status: 'error'; message: string }
  | { status: 'quota'; message: string };

/** POST /api/chat/process, calling back for each piece of the answer. */
export async function streamAnswer(
  body: ChatProcessBody,
  on: {
    meta(model: string, quota: ChatQuota, attachments?: ChatAttachment[]): void;
    delta(text: string): void;
    reasoning(text: string): void;
    /** The numbered sources so far (all of them, each time). */
    citations(items: ChatCitation[]): void;
    /** A tool step as it starts, then as it ends. */
    tool(step: ChatToolStep): void;
  },
  signal: AbortSignal,
  fallback: string,
): Promise<StreamOutcome> {
  const result = await request('POST', '/chat/process', body, { stream: true, signal, silent: true });
  if (result.kind === 'aborted') return { status: 'aborted' };
  if (result.kind !== 'stream') {
    const message = result.kind === 'text' ? '' : 'result' in result ? result.result : result.message;
    if (!result.ok && result.code === 429) return { status: 'quota', message: message || fallback };
    return { status: 'error', message: message || fallback };
  }
  const stream = result.response.body;
  if (!stream) return { status: 'error', message: fallback };
  try {
    for await (const { event, data } of sseEvents(stream)) {
      const payload = JSON.parse(data) as {
        text?: string;
        model?: string;
        quota?: ChatQuota;
        message?: string;
        attachments?: ChatAttachment[];
        items?: ChatCitation[];
      };
      if (event === 'meta' && payload.quota) on.meta(payload.model ?? '', payload.quota, payload.attachments);
      else if (event === 'delta' && payload.text) on.delta(payload.text);
      else if (event === 'reasoning' && payload.text) on.reasoning(payload.text);
      else if (event === 'citations' && payload.items) on.citations(payload.items);
      else if (event === 'tool') on.tool(payload as unknown as ChatToolStep);
      else if (event === 'error') return { status: 'error', message: payload.message ?? fallback };
      else if (event === 'done') return { status: 'done', done: payload as ChatStreamEvents['done'] };
    }
  } catch {
    if (signal.aborted) return { status: 'aborted' };
    return { status: 'error', message: fallback };
  }
  return signal.aborted ? { status: 'aborted' } : { status: 'error', message: fallback };
}

export async function fetchQuota(): Promise<ChatQuota | null> {
  const r = await get('/chat/quota', undefined, { silent: true });
  return r.kind === 'reply' ? r.data : null;
}

export async function fetchModels(): Promise<ChatModels | null> {
  const r = await get('/chat/models', undefined, { silent: true });
  return r.kind === 'reply' ? r.data : null;
}
