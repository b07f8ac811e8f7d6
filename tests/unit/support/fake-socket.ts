import type { CloseInfo, PushEnv, PushMessage, SocketHandlers, SocketLike } from '../../../src/lib/push';
import { openPush } from '../../../src/lib/push';

/** Stands in for the browser's WebSocket; the test plays the server. */
export class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closedWith: { code?: number; reason?: string } | undefined;

  constructor(
    readonly url: string,
    private readonly handlers: SocketHandlers,
  ) {}

  send(data: string): void {
    this.sent.push(data);
  }

  close(code?: number, reason?: string): void {
    this.closedWith = { code, reason };
    this.readyState = 2;
  }

  serverOpens(): void {
    this.readyState = 1;
    this.handlers.open();
  }

  serverSends(data: unknown): void {
    this.handlers.message(data);
  }

  serverCloses(code: number, reason = ''): void {
    this.readyState = 3;
    this.handlers.close(code, reason);
  }
}

/** Records every socket, push and close of one `openPush` call. */
export function pushHarness() {
  const sockets: FakeSocket[] = [];
  const messages: PushMessage[] = [];
  const closes: CloseInfo[] = [];

  const env = (extra: Partial<PushEnv> = {}): PushEnv => ({
    createSocket: (url, handlers) => {
      const socket = new FakeSocket(url, handlers);
      sockets.push(socket);
      return socket;
    },
    location: { protocol: 'https:', host: 'miaobi.example:8443' },
    // No jitter, so delays are exact.
    random: () => 0,
    ...extra,
  });

  const open = (extra: Partial<PushEnv> = {}) =>
    openPush({
      taskId: 'ORDER_1',
      token: 'tok',
      onMessage: (message) => messages.push(message),
      onClose: (info) => closes.push(info),
      env: env(extra),
    });

  const last = (): FakeSocket => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no socket was created');
    return socket;
  };

  return { sockets, messages, closes, env, open, last };
}
