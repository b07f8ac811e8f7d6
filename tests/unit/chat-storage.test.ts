import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Storage = typeof import('../../src/stores/chat-storage');
type Actions = typeof import('../../src/stores/chat-actions');

async function load(): Promise<Storage & Actions> {
  vi.resetModules();
  const storage = await import('../../src/stores/chat-storage');
  const actions = await import('../../src/stores/chat-actions');
  return { ...storage, ...actions };
}

// Empty storage first: files share a worker's modules, and another file's stores may have written.
beforeEach(() => {
  useTestStorageEngine();
  cleanTestStorage();
});
afterEach(() => cleanTestStorage());

describe('chatStorage', () => {
  it('starts with the documented defaults under the key chatStorage', async () => {
    const m = await load();
    expect(m.$chatStorage.get()).toEqual({
      active: 1002,
      mjActive: 1002,
      usingContext: true,
      history: [{ uuid: 1002, title: '新对话', isEdit: false }],
      mjHistory: [{ uuid: 1002, title: '新对话', isEdit: false }],
      chat: [{ uuid: 1002, data: [] }],
      mjChat: [{ uuid: 1002, data: [] }],
    });
    m.setUsingContext(false);
    expect(JSON.parse(getTestStorage().chatStorage ?? '{}')).toMatchObject({ usingContext: false, active: 1002 });
  });

  it('reads a stored value back, ending unfinished streams and replacing broken parts by defaults', async () => {
    setTestStorageKey(
      'chatStorage',
      JSON.stringify({
        active: 7,
        usingContext: 'yes',
        history: [{ uuid: 7, title: 'Trip', isEdit: true, templateId: 3, content: 'You plan trips' }],
        chat: [{ uuid: 7, data: [{ id: 'a', dateTime: 1, text: 'half', inversion: false, loading: true }] }],
        mjChat: 'garbage',
      }),
    );
    const s = (await load()).$chatStorage.get();
    expect(s.active).toBe(7);
    expect(s.usingContext).toBe(true);
    expect(s.history).toEqual([{ uuid: 7, title: 'Trip', isEdit: false, templateId: 3, content: 'You plan trips' }]);
    expect(s.chat[0]?.data[0]?.loading).toBe(false);
    expect(s.mjChat).toEqual([{ uuid: 1002, data: [] }]);
    expect((await load()).decodeChatStorage('not json').active).toBe(1002);
  });

  it('keeps at most 80 messages per conversation, dropping the oldest', async () => {
    const m = await load();
    for (let i = 0; i < 85; i++)
      m.addMessage(1002, { id: `m${i}`, dateTime: i, text: `message ${i}`, inversion: i % 2 === 0 });
    const data = m.messagesOf(1002);
    expect(data).toHaveLength(80);
    expect(data[0]?.id).toBe('m5');
    expect(data.at(-1)?.id).toBe('m84');
    expect(m.capMessages(data, 80)).toBe(data);
  });

  it('names a new conversation after its first question, and adds, renames, selects and deletes conversations', async () => {
    const m = await load();
    m.addMessage(1002, { id: 'q', dateTime: 1, text: '  How do I   cook rice?  ', inversion: true });
    expect(m.$chatStorage.get().history[0]?.title).toBe('How do I cook rice?');
    const uuid = m.newChat();
    expect(m.$chatStorage.get().active).toBe(uuid);
    expect(m.$chatStorage.get().history.map((h) => h.uuid)).toEqual([uuid, 1002]);
    m.updateHistory(uuid, { title: 'Renamed' });
    m.setActive(1002);
    m.deleteHistory(1002);
    expect(m.$chatStorage.get().active).toBe(uuid);
    m.deleteHistory(uuid);
    expect(m.$chatStorage.get()).toMatchObject({ active: null, history: [], chat: [] });
    m.clearHistory();
    expect(m.$chatStorage.get().history).toEqual([{ uuid: 1002, title: '新对话', isEdit: false }]);
  });

  it('reports every change for the server sync', async () => {
    const m = await load();
    const seen: Array<[number, boolean]> = [];
    const off = m.onConversationChange((uuid, deleted) => seen.push([uuid, deleted]));
    m.addMessage(1002, { id: 'q', dateTime: 1, text: 'hi', inversion: true });
    m.deleteHistory(1002);
    off();
    m.newChat();
    expect(seen).toEqual([
      [1002, false],
      [1002, true],
    ]);
  });
});
