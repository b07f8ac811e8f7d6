import { describe, expect, it } from 'vitest';
import { storedChatMessage } from '../../src/shared/contract/chat';
import type { ChatMessage } from '../../src/stores/chat-storage';
import {
  flipVersion,
  MAX_VERSIONS,
  pagerOf,
  startEdit,
  startRegenerate,
  versionsOf,
} from '../../src/stores/chat-variants';

const q = (id: string, text: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  dateTime: 1,
  text,
  inversion: true,
  ...extra,
});
const a = (id: string, text: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  dateTime: 2,
  text,
  inversion: false,
  ...extra,
});
const texts = (list: ChatMessage[]) => list.map((m) => m.text);
/** Stands in for the stream: the shown version of `id` becomes `patch`. */
const finish = (list: ChatMessage[], id: string, patch: Partial<ChatMessage>) =>
  list.map((m) => (m.id === id ? { ...m, ...patch, loading: undefined } : m));

describe('answer versions', () => {
  const start = [
    q('q1', 'Name a colour'),
    a('a1', 'Red', { model: 'm1', cut: true, usage: { inputTokens: 3, outputTokens: 1 } }),
  ];

  it('regenerate keeps the old answer as a variant and shows a new, empty one', () => {
    const next = startRegenerate(start, 'a1', 50);
    const answer = next[1];
    expect(answer).toMatchObject({ id: 'a1', text: '', loading: true, dateTime: 50, variant: 1 });
    expect(answer?.model).toBeUndefined();
    expect(answer?.cut).toBeUndefined();
    expect(answer?.variants).toEqual([
      { text: 'Red', model: 'm1', cut: true, usage: { inputTokens: 3, outputTokens: 1 } },
    ]);
    expect(next[0]).toBe(start[0]);
    expect(pagerOf(finish(next, 'a1', { text: 'Blue' })[1] as ChatMessage)).toEqual({ position: 2, count: 2 });
  });

  it('flips ‹ 1/2 › between answer versions without losing either', () => {
    const two = finish(startRegenerate(start, 'a1', 50), 'a1', { text: 'Blue', model: 'm2' });
    const back = flipVersion(two, 'a1', 0);
    expect(back[1]).toMatchObject({ text: 'Red', model: 'm1', cut: true, variant: 0 });
    expect(back[1]?.variants).toEqual([{ text: 'Blue', model: 'm2' }]);
    expect(pagerOf(back[1] as ChatMessage)).toEqual({ position: 1, count: 2 });
    const again = flipVersion(back, 'a1', 1);
    expect(again[1]).toMatchObject({ text: 'Blue', model: 'm2', variant: 1 });
    expect(again[1]?.cut).toBeUndefined();
    // Out of range or the shown one: nothing changes.
    expect(flipVersion(again, 'a1', 5)).toBe(again);
    expect(flipVersion(again, 'a1', 1)).toBe(again);
  });

  it('regenerating from an older version adds the new one last', () => {
    const two = finish(startRegenerate(start, 'a1', 50), 'a1', { text: 'Blue' });
    const three = finish(startRegenerate(flipVersion(two, 'a1', 0), 'a1', 60), 'a1', { text: 'Green' });
    expect(versionsOf(three[1] as ChatMessage).all.map((v) => v.text)).toEqual(['Red', 'Blue', 'Green']);
    expect(three[1]?.variant).toBe(2);
  });

  it('does not keep an error or an empty answer as a version', () => {
    const failed = [q('q1', 'x'), a('a1', 'upstream failed', { error: true })];
    const next = startRegenerate(failed, 'a1', 5);
    expect(next[1]?.variants).toBeUndefined();
    expect(pagerOf(next[1] as ChatMessage)).toBeNull();
    expect(next[1]?.error).toBeUndefined();
  });

  it(`keeps at most ${MAX_VERSIONS} versions, dropping the oldest`, () => {
    let list = start;
    for (let i = 0; i < MAX_VERSIONS + 3; i++) list = finish(startRegenerate(list, 'a1', i), 'a1', { text: `v${i}` });
    const { all, index } = versionsOf(list[1] as ChatMessage);
    expect(all).toHaveLength(MAX_VERSIONS);
    expect(index).toBe(MAX_VERSIONS - 1);
    expect(all[0]?.text).toBe('v3');
    expect(all.at(-1)?.text).toBe(`v${MAX_VERSIONS + 2}`);
    // Past the cap the oldest goes, even when it was the one shown before regenerating.
    const first = flipVersion(list, 'a1', 0);
    const more = startRegenerate(first, 'a1', 99);
    expect(versionsOf(more[1] as ChatMessage).all.map((v) => v.text)).not.toContain('v3');
    expect(storedChatMessage.safeParse(more[1]).success).toBe(true);
  });
});

describe('question versions', () => {
  const conversation = [
    q('q1', 'Plan a trip', {
      attachments: [{ id: 'f1', kind: 'document', name: 'map.txt', mime: 'text/plain', size: 9 }],
    }),
    a('a1', 'Where to?'),
    q('q2', 'Hangzhou'),
    a('a2', 'Two days in Hangzhou'),
  ];

  it('edit and resend replaces the answers after it and keeps the old branch as the tail', () => {
    const edited = startEdit(conversation, 'q1', 'Plan a weekend trip', 70);
    expect(texts(edited)).toEqual(['Plan a weekend trip']);
    const question = edited[0] as ChatMessage;
    expect(question).toMatchObject({ id: 'q1', dateTime: 70, variant: 1 });
    expect(question.attachments?.[0]?.name).toBe('map.txt');
    expect(question.variants).toHaveLength(1);
    expect(question.variants?.[0]?.text).toBe('Plan a trip');
    expect(texts(question.variants?.[0]?.tail ?? [])).toEqual(['Where to?', 'Hangzhou', 'Two days in Hangzhou']);
    expect(pagerOf(question)).toEqual({ position: 2, count: 2 });
  });

  it('flipping the question brings its answers with it, both ways', () => {
    const edited = [...startEdit(conversation, 'q1', 'Plan a weekend trip', 70), a('a9', 'A weekend in Suzhou')];
    const back = flipVersion(edited, 'q1', 0);
    expect(texts(back)).toEqual(['Plan a trip', 'Where to?', 'Hangzhou', 'Two days in Hangzhou']);
    expect(back.map((m) => m.id)).toEqual(['q1', 'a1', 'q2', 'a2']);
    expect(back[0]?.variants?.[0]?.text).toBe('Plan a weekend trip');
    expect(texts(back[0]?.variants?.[0]?.tail ?? [])).toEqual(['A weekend in Suzhou']);
    expect(back[0]).not.toHaveProperty('tail');
    const forth = flipVersion(back, 'q1', 1);
    expect(texts(forth)).toEqual(['Plan a weekend trip', 'A weekend in Suzhou']);
    expect(texts(forth[0]?.variants?.[0]?.tail ?? [])).toEqual(['Where to?', 'Hangzhou', 'Two days in Hangzhou']);
  });

  it('editing a later question leaves the messages before it alone', () => {
    const edited = startEdit(conversation, 'q2', 'Suzhou', 80);
    expect(texts(edited)).toEqual(['Plan a trip', 'Where to?', 'Suzhou']);
    expect(edited[0]).toBe(conversation[0]);
    expect(texts(edited[2]?.variants?.[0]?.tail ?? [])).toEqual(['Two days in Hangzhou']);
  });

  it('tails do not nest: a branch is kept as it was shown, without its own versions', () => {
    const inner = [...startEdit(conversation, 'q2', 'Suzhou', 80), a('a3', 'Two days in Suzhou')];
    const regenerated = finish(startRegenerate(inner, 'a3', 81), 'a3', { text: 'Suzhou gardens' });
    const outer = startEdit(regenerated, 'q1', 'Plan a city break', 90);
    const tail = outer[0]?.variants?.[0]?.tail ?? [];
    expect(texts(tail)).toEqual(['Where to?', 'Suzhou', 'Suzhou gardens']);
    for (const m of tail) expect(m).not.toHaveProperty('variants');
    const parsed = storedChatMessage.safeParse(outer[0]);
    expect(parsed.success).toBe(true);
    // Flipping back restores the shown branch; its inner versions were not kept.
    const back = flipVersion([...outer, a('a4', 'Berlin')], 'q1', 0);
    expect(texts(back)).toEqual(['Plan a trip', 'Where to?', 'Suzhou', 'Suzhou gardens']);
    expect(back[2]?.variants).toBeUndefined();
  });

  it('a loading answer never goes into a tail', () => {
    const streaming = [...conversation.slice(0, 2), q('q2', 'Hangzhou'), a('a2', '', { loading: true })];
    const edited = startEdit(streaming, 'q1', 'Plan a trip now', 5);
    expect(texts(edited[0]?.variants?.[0]?.tail ?? [])).toEqual(['Where to?', 'Hangzhou']);
  });

  it('unknown ids and wrong kinds change nothing', () => {
    expect(startEdit(conversation, 'a1', 'x', 1)).toBe(conversation);
    expect(startEdit(conversation, 'nope', 'x', 1)).toBe(conversation);
    expect(startRegenerate(conversation, 'q1', 1)).toBe(conversation);
    expect(flipVersion(conversation, 'q1', 1)).toBe(conversation);
  });
});
