import { describe, expect, it, vi } from 'vitest';
import type { DrawingMessage } from '../../src/islands/drawing/draw-api';
import { followTask, type RunningTask } from '../../src/islands/drawing/follow-task';
import { installApiHarness, json } from './support/api-harness';
import { FakeSocket } from './support/fake-socket';

const api = installApiHarness();

const message = (patch: Partial<DrawingMessage> = {}): DrawingMessage => ({
  id: 'dtask1',
  prompt: '雪山',
  content: '雪山',
  negativePrompt: null,
  status: 1,
  progress: 0,
  thumbnailsUrl: null,
  imageUrl: null,
  width: null,
  height: null,
  drawRate: '1:1',
  drawQuality: 1,
  drawSteps: 20,
  drawPublicFlag: 1,
  review: 'published',
  seed: 1,
  source: 'draw',
  state: null,
  action: null,
  parentId: null,
  grid: false,
  actions: [],
  createTime: 0,
  ...patch,
});

function setup(taskStatus = 2) {
  const sockets: FakeSocket[] = [];
  const changes: RunningTask[] = [];
  const onFinal = vi.fn<(task: RunningTask, m: DrawingMessage | null) => void>();
  api.serve(() =>
    json({ code: 200, result: 'success', data: message({ status: taskStatus, imageUrl: '/files/x.webp' }) }),
  );
  const env = {
    createSocket: (url: string, handlers: ConstructorParameters<typeof FakeSocket>[1]) => {
      const s = new FakeSocket(url, handlers);
      sockets.push(s);
      return s;
    },
    location: { protocol: 'http:', host: 'miaobi.test' },
    random: () => 0,
  };
  const push = (status: number) =>
    sockets[0]?.serverSends(JSON.stringify({ code: 1000000, mjChatMessage: { id: 'dtask1', status, progress: 5 } }));
  return { sockets, changes, onFinal, env, push };
}

describe('following a drawing task on its socket', () => {
  it('20 accepted → 30 connected → 50, 60 per push → 100 on status 10, then closes and reports the picture', async () => {
    const t = setup();
    followTask(message(), { onChange: (task) => t.changes.push(task), onFinal: t.onFinal, env: t.env });
    const socket = t.sockets[0];
    expect(socket?.url).toBe('ws://miaobi.test/websocket/callback?taskId=dtask1');
    socket?.serverOpens();
    socket?.serverSends(JSON.stringify({ code: 100000502 }));
    t.push(13);
    t.push(2);
    t.push(2);
    t.push(10);
    await vi.waitFor(() => expect(t.onFinal).toHaveBeenCalled());
    expect(t.changes.map((c) => c.progress)).toEqual([20, 30, 50, 60, 70, 100]);
    expect(t.changes.map((c) => c.status)).toEqual([1, 1, 13, 2, 2, 10]);
    expect(socket?.closedWith?.code).toBe(1000);
    expect(t.onFinal.mock.calls[0]?.[1]).toMatchObject({ id: 'dtask1', imageUrl: '/files/x.webp' });
    // Pushes after the end change nothing.
    t.push(2);
    expect(t.changes).toHaveLength(6);
  });

  it('a failure (12) ends the task where its progress stood, without fetching a picture', async () => {
    const t = setup();
    followTask(message(), { onChange: (task) => t.changes.push(task), onFinal: t.onFinal, env: t.env });
    t.sockets[0]?.serverOpens();
    t.push(13);
    t.push(12);
    await vi.waitFor(() => expect(t.onFinal).toHaveBeenCalled());
    expect(t.onFinal.mock.calls[0]?.[0]).toMatchObject({ status: 12, progress: 50 });
    expect(t.onFinal.mock.calls[0]?.[1]).toBeNull();
  });

  it('a task that finished before the socket connected is caught by the state asked on connect', async () => {
    const t = setup(10);
    followTask(message(), { onChange: (task) => t.changes.push(task), onFinal: t.onFinal, env: t.env }, true);
    t.sockets[0]?.serverOpens();
    t.sockets[0]?.serverSends(JSON.stringify({ code: 100000502 }));
    await vi.waitFor(() => expect(t.onFinal).toHaveBeenCalled());
    expect(t.changes[0]?.progress).toBe(30);
    expect(t.changes.at(-1)).toMatchObject({ status: 10, progress: 100 });
    expect(api.calls.map((c) => c.url)).toContain('/api/sd/task');
  });
});
