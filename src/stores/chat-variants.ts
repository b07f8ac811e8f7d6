import type { MessageVariant } from '../shared/contract/chat';
import type { ChatMessage } from './chat-storage';

/**
 * Versions of a message (docs/chat.md#variants), as pure functions over a conversation's messages.
 * A message shows one version in its own fields; `variants` keeps the others in the order they were
 * made and `variant` is the shown one's place among all of them. A question's versions also keep the
 * messages that followed them (`tail`); tails hold only the versions that were shown, so they never nest.
 */

/** Versions one message keeps at most, the shown one included; past it the oldest other one goes. */
export const MAX_VERSIONS = 20;
/** Messages one tail keeps at most (a conversation keeps 80, the question itself among them). */
export const MAX_TAIL = 79;

type TailMessage = NonNullable<MessageVariant['tail']>[number];

/** The fields of the version a message shows (everything but identity, position and stream state). */
export function shownVersion(m: ChatMessage): MessageVariant {
  const { id: _id, dateTime: _at, inversion: _inv, variant: _k, variants: _v, loading: _l, ...fields } = m;
  const { tail: _tail, ...version } = fields as MessageVariant;
  return version;
}

/** Every version of a message, oldest first, and where the shown one is among them. */
export function versionsOf(m: ChatMessage): { all: MessageVariant[]; index: number } {
  const others = m.variants ?? [];
  const index = Math.min(Math.max(m.variant ?? others.length, 0), others.length);
  return { all: [...others.slice(0, index), shownVersion(m), ...others.slice(index)], index };
}

/** The pager's numbers (‹ position / count ›); null when the message has a single version. */
export function pagerOf(m: ChatMessage): { position: number; count: number } | null {
  if (!m.variants?.length) return null;
  const { all, index } = versionsOf(m);
  return { position: index + 1, count: all.length };
}

/** The message showing `all[index]`, keeping the others as variants (at most MAX_VERSIONS in all). */
function withVersions(m: ChatMessage, all: MessageVariant[], index: number): ChatMessage {
  let list = all;
  let at = index;
  while (list.length > MAX_VERSIONS) {
    const drop = at === 0 ? 1 : 0;
    list = list.filter((_, i) => i !== drop);
    if (drop < at) at -= 1;
  }
  const { tail: _tail, ...shown } = list[at] ?? { text: '' };
  const base: ChatMessage = { id: m.id, dateTime: m.dateTime, inversion: m.inversion, ...shown };
  if (m.loading) base.loading = true;
  if (list.length < 2) return base;
  return { ...base, variants: list.filter((_, i) => i !== at), variant: at };
}

/** Messages as a tail keeps them: the shown versions only, no stream state. */
export function toTail(messages: ChatMessage[]): TailMessage[] {
  return messages
    .filter((m) => !m.loading)
    .slice(-MAX_TAIL)
    .map(({ variants: _v, variant: _k, loading: _l, ...m }) => m);
}

const at = (messages: ChatMessage[], id: string) => messages.findIndex((m) => m.id === id);

/**
 * Regenerate: the answer `id` gets a new, empty version to stream into (shown, last); the one it
 * showed stays as a variant unless it was an error or empty, which are not worth keeping.
 */
export function startRegenerate(messages: ChatMessage[], id: string, now: number): ChatMessage[] {
  const i = at(messages, id);
  const m = messages[i];
  if (!m || m.inversion) return messages;
  const { all, index } = versionsOf(m);
  const keep = m.error || !m.text.trim() ? all.filter((_, k) => k !== index) : all;
  const next = withVersions({ ...m, dateTime: now, loading: true }, [...keep, { text: '' }], keep.length);
  return messages.map((x, k) => (k === i ? next : x));
}

/**
 * Edit and resend: the question `id` shows a new version with `text` (its attachments kept) and the
 * conversation ends there; the old version keeps the messages that followed it as its tail.
 * The caller appends the new answer.
 */
export function startEdit(messages: ChatMessage[], id: string, text: string, now: number): ChatMessage[] {
  const i = at(messages, id);
  const m = messages[i];
  if (!m?.inversion) return messages;
  const { all, index } = versionsOf(m);
  const old = { ...shownVersion(m), tail: toTail(messages.slice(i + 1)) };
  const list = all.map((v, k) => (k === index ? old : v));
  const fresh: MessageVariant = { ...shownVersion(m), text };
  return [...messages.slice(0, i), withVersions({ ...m, dateTime: now }, [...list, fresh], list.length)];
}

/**
 * Shows version `index` of message `id`. For a question the messages after it follow the version:
 * the ones shown now become the current version's tail, the chosen version's tail comes back.
 */
export function flipVersion(messages: ChatMessage[], id: string, index: number): ChatMessage[] {
  const i = at(messages, id);
  const m = messages[i];
  if (!m) return messages;
  const { all, index: current } = versionsOf(m);
  if (index === current || index < 0 || index >= all.length) return messages;
  if (!m.inversion) return messages.map((x, k) => (k === i ? withVersions(m, all, index) : x));
  const list = all.map((v, k) => (k === current ? { ...v, tail: toTail(messages.slice(i + 1)) } : v));
  const comeBack: ChatMessage[] = list[index]?.tail ?? [];
  return [...messages.slice(0, i), withVersions(m, list, index), ...comeBack];
}
