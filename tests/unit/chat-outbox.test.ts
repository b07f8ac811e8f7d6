import { getTestStorage, setTestStorageKey } from '@nanostores/persistent';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { flushOutbox, sendChange } from '../../src/lib/chat-sync-send';
import { forgetAccountData } from '../../src/stores/account-data';
import { $token, removeToken, setToken } from '../../src/stores/auth';
import {
  $outbox,
  CHAT_OUTBOX_KEY,
  dropChanges,
  KEEPALIVE_BUDGET,
  moveChange,
  pendingChanges,
  recordChange,
  settleChange,
  withinBudget,
} from '../../src/stores/chat-outbox';
import { $chatStorage, type ChatStorage, defaultChatStorage } from '../../src/stores/chat-storage';
import { $syncMeta, resetSyncMeta } from '../../src/stores/chat-sync-state';
import { $promptStore } from '../../src/stores/prompt-store';
import { installApiHarness, json } from './support/api-harness';

const api = installApiHarness();

const conversation = (uuid: number, title: string, text = 'hello') => ({
  history: { uuid, title, isEdit: false },
  chat: { uuid, data: [{ id: `m${uuid}`, dateTime: 1, text, inversion: true }] },
});

function storeConversations(...items: ReturnType<typeof conversation>[]): ChatStorage {
  const s = { ...defaultChatStorage(), history: items.map((i) => i.history), chat: items.map((i) => i.chat) };
  $chatStorage.set(s);
  return s;
}

beforeEach(() => {
  $outbox.set({});
  $chatStorage.set(defaultChatStorage());
  $promptStore.set({ promptList: [] });
  $token.set(undefined);
  resetSyncMeta();
});

/** Logged in, and this login's first sync done (sends are only ever this login's). */
function loggedIn(token = 'tok-1') {
  setToken(token);
  $syncMeta.set({ ...$syncMeta.get(), owner: token });
}

describe('the outbox (stores/chat-outbox.ts)', () => {
  it('keeps one change per conversation, its latest, in local storage', () => {
    recordChange({ uuid: 7, deleted: false, changedAt: 100 });
    recordChange({ uuid: 7, deleted: true, changedAt: 200 });
    recordChange({ uuid: 7, deleted: false, changedAt: 150 });
    recordChange({ uuid: 8, deleted: false, changedAt: 50 });
    expect(pendingChanges()).toEqual([
      { uuid: 7, deleted: true, changedAt: 200 },
      { uuid: 8, deleted: false, changedAt: 50 },
    ]);
    expect(JSON.parse(getTestStorage()[CHAT_OUTBOX_KEY] ?? '{}')).toEqual({
      7: { deleted: true, changedAt: 200 },
      8: { deleted: false, changedAt: 50 },
    });
  });

  it('lets a change go only once the server answered for it or a newer one', () => {
    recordChange({ uuid: 7, deleted: false, changedAt: 200 });
    settleChange(7, 100);
    expect(pendingChanges()).toHaveLength(1);
    settleChange(7, 200);
    expect(pendingChanges()).toEqual([]);
  });

  it('lists deletions first, then the oldest change first', () => {
    recordChange({ uuid: 1, deleted: false, changedAt: 300 });
    recordChange({ uuid: 2, deleted: false, changedAt: 100 });
    recordChange({ uuid: 3, deleted: true, changedAt: 400 });
    expect(pendingChanges().map((c) => c.uuid)).toEqual([3, 2, 1]);
  });

  it('moves a change with its conversation, and forgets those of conversations kept on this device', () => {
    recordChange({ uuid: 1002, deleted: false, changedAt: 10 });
    recordChange({ uuid: 5, deleted: false, changedAt: 20 });
    moveChange(1002, 77);
    expect(pendingChanges()).toEqual([
      { uuid: 77, deleted: false, changedAt: 10 },
      { uuid: 5, deleted: false, changedAt: 20 },
    ]);
    dropChanges([77, 9]);
    expect(pendingChanges()).toEqual([{ uuid: 5, deleted: false, changedAt: 20 }]);
  });

  it('reads back what a closed page left, dropping entries it cannot read', async () => {
    setTestStorageKey(
      CHAT_OUTBOX_KEY,
      JSON.stringify({ 5: { deleted: true, changedAt: 9 }, x: { deleted: true, changedAt: 1 }, 6: { deleted: 'no' } }),
    );
    vi.resetModules();
    const fresh = await import('../../src/stores/chat-outbox');
    expect(fresh.pendingChanges()).toEqual([{ uuid: 5, deleted: true, changedAt: 9 }]);
    setTestStorageKey(CHAT_OUTBOX_KEY, 'not json');
    vi.resetModules();
    expect((await import('../../src/stores/chat-outbox')).pendingChanges()).toEqual([]);
  });

  it('fits keepalive bodies into the budget in order, skipping one too large for what is left', () => {
    const items = [{ bytes: 40_000 }, { bytes: 30_000 }, { bytes: 20_000 }, { bytes: 5_000 }];
    expect(withinBudget(items, 64 * 1024)).toEqual([{ bytes: 40_000 }, { bytes: 20_000 }, { bytes: 5_000 }]);
    expect(withinBudget([{ bytes: 70_000 }, { bytes: 1 }], 64 * 1024)).toEqual([{ bytes: 1 }]);
    expect(KEEPALIVE_BUDGET).toBeLessThanOrEqual(64 * 1024);
  });
});

describe('sending the outbox (lib/chat-sync-send.ts)', () => {
  it('sends a deletion as a tombstone with its change time, and forgets it once answered', async () => {
    loggedIn();
    storeConversations(conversation(2, 'stays'));
    $syncMeta.set({ ...$syncMeta.get(), changed: { 1: 500 } });
    recordChange({ uuid: 1, deleted: true, changedAt: 500 });
    api.serve(() => json({ code: 200, result: '', data: { applied: true, changedAt: 500 } }));
    await flushOutbox();
    expect(api.calls.map((c) => [c.init.method, c.url])).toEqual([['PUT', '/api/chat/conversations/1']]);
    expect(JSON.parse(String(api.calls[0]?.init.body))).toMatchObject({ deleted: true, changedAt: 500, messages: [] });
    expect(api.headersOf(0).get('authorization')).toBe('Bearer tok-1');
    expect(pendingChanges()).toEqual([]);
  });

  it('keeps a change through a lost connection, a server error, a rate limit or a lost login', async () => {
    loggedIn();
    recordChange({ uuid: 1, deleted: true, changedAt: 500 });
    for (const respond of [
      () => Promise.reject(new TypeError('offline')),
      () => json({ code: 500, result: '' }, 500),
      () => json({ code: 429, result: '' }, 429),
      () => json({ code: 1000001, result: '请先登录', data: null }),
    ]) {
      api.serve(respond);
      await sendChange(1);
      expect(pendingChanges()).toHaveLength(1);
    }
  });

  it('drops a change the server refuses for good (too large), and one it already has newer (applied: false)', async () => {
    loggedIn();
    recordChange({ uuid: 1, deleted: false, changedAt: 500 });
    api.serve(() => json({ code: 413, result: 'too large' }, 413));
    await sendChange(1);
    expect(pendingChanges()).toEqual([]);
    recordChange({ uuid: 2, deleted: false, changedAt: 600 });
    api.serve(() => json({ code: 200, result: '', data: { applied: false, changedAt: 900 } }));
    await sendChange(2);
    expect(pendingChanges()).toEqual([]);
  });

  it('keeps a change made while its send was on the way', async () => {
    loggedIn();
    storeConversations(conversation(1, 'first'));
    $syncMeta.set({ ...$syncMeta.get(), changed: { 1: 500 } });
    recordChange({ uuid: 1, deleted: false, changedAt: 500 });
    api.serve(() => {
      // Renamed again before the answer came.
      $syncMeta.set({ ...$syncMeta.get(), changed: { 1: 700 } });
      recordChange({ uuid: 1, deleted: false, changedAt: 700 });
      return json({ code: 200, result: '', data: { applied: true, changedAt: 500 } });
    });
    await sendChange(1);
    expect(pendingChanges()).toEqual([{ uuid: 1, deleted: false, changedAt: 700 }]);
  });

  it('on leaving, sends keepalive requests within the budget; a larger conversation waits for the next load', async () => {
    loggedIn();
    const large = conversation(2, 'large');
    large.chat.data = [1, 2, 3].map((n) => ({ id: `l${n}`, dateTime: n, text: 'x'.repeat(30_000), inversion: false }));
    storeConversations(conversation(1, 'small'), large);
    recordChange({ uuid: 1, deleted: false, changedAt: 100 });
    recordChange({ uuid: 2, deleted: false, changedAt: 50 });
    recordChange({ uuid: 3, deleted: true, changedAt: 200 });
    api.serve(() => json({ code: 200, result: '', data: { applied: true, changedAt: 1 } }));
    await flushOutbox({ keepalive: true });
    expect(api.calls.map((c) => c.url).sort()).toEqual(['/api/chat/conversations/1', '/api/chat/conversations/3']);
    expect(api.calls.every((c) => c.init.keepalive === true)).toBe(true);
    expect(pendingChanges().map((c) => c.uuid)).toEqual([2]);
  });

  it('sends nothing for a visitor, nor before the login’s first sync decided what a visitor’s data becomes', async () => {
    recordChange({ uuid: 1, deleted: true, changedAt: 500 });
    api.serve(() => json({ code: 200, result: '', data: { applied: true, changedAt: 500 } }));
    await flushOutbox();
    setToken('tok-2');
    await flushOutbox();
    expect(api.calls).toEqual([]);
  });
});

describe('when the login ends (stores/account-data.ts)', () => {
  it('forgets the account’s conversations, image chat, prompts and unsent changes; a visitor’s own stay', () => {
    const visitor = conversation(10, 'visitor kept');
    storeConversations(conversation(11, 'account'), visitor, conversation(12, 'made while logged in'));
    $chatStorage.set({ ...$chatStorage.get(), active: 11, mjHistory: [{ uuid: 5, title: 'img', isEdit: false }] });
    $promptStore.set({
      promptList: [
        { key: 'before', value: 'saved as a visitor' },
        { key: 'during', value: 'saved while logged in' },
      ],
    });
    loggedIn('tok-3');
    $syncMeta.set({ ...$syncMeta.get(), kept: [10], visitorPrompts: ['before'], changed: { 10: 1, 11: 2, 12: 3 } });
    recordChange({ uuid: 12, deleted: false, changedAt: 3 });

    removeToken();

    const s = $chatStorage.get();
    expect(s.history.map((h) => h.uuid)).toEqual([10]);
    expect(s.chat).toEqual([visitor.chat]);
    expect(s.active).toBe(10);
    expect(s.mjHistory).toEqual(defaultChatStorage().mjHistory);
    expect($promptStore.get().promptList.map((p) => p.key)).toEqual(['before']);
    expect(pendingChanges()).toEqual([]);
    expect($syncMeta.get()).toEqual({ owner: '', changed: { 10: 1 }, kept: [], visitorPrompts: [] });
    const stored = getTestStorage().chatStorage ?? '';
    expect(stored).not.toContain('made while logged in');
    expect(stored).not.toContain('"account"');
  });

  it('leaves the default conversation when nothing was the visitor’s', () => {
    storeConversations(conversation(11, 'account'));
    loggedIn();
    forgetAccountData();
    expect($chatStorage.get()).toEqual(defaultChatStorage());
  });

  it('keeps conversations no login ever synced here (logged in without opening the chat)', () => {
    storeConversations(conversation(10, 'visitor'));
    setToken('tok-4');
    removeToken();
    expect($chatStorage.get().history.map((h) => h.uuid)).toEqual([10]);
  });

  it('a visitor’s 401 (no token) forgets nothing', () => {
    storeConversations(conversation(10, 'visitor'));
    $syncMeta.set({ ...$syncMeta.get(), owner: 'an old login' });
    removeToken();
    expect($chatStorage.get().history.map((h) => h.uuid)).toEqual([10]);
  });
});
