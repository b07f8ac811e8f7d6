import type { IncomingMessage, Server } from 'node:http';
import { isIPv6, type Socket } from 'node:net';
import type { Logger } from './log';

export interface ConnectionCaps {
  /** Open connections in all (0 = no cap). */
  total: number;
  /** Open connections per client address (0 = no cap). */
  perIp: number;
}

const LOG_EVERY_MS = 10_000;

/** The address a cap counts: IPv4 as is (also when mapped into IPv6), IPv6 by its /64, as one host holds a whole /64. */
export function addressKey(remote: string | undefined): string {
  if (!remote) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(remote);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(remote)) return remote;
  const bare = remote.split('%', 1)[0] ?? remote;
  const [head = '', tail] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  const prefix = groups.slice(0, 4).map((g) => Number.parseInt(g || '0', 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

/**
 * Caps open connections, in all and per client address, so a flood of idle
 * sockets cannot use up the process's file handles. A connection over its
 * address's cap is destroyed as soon as it is accepted, before HTTP sees it.
 * At the total cap, the oldest connection that has not yet sent a complete
 * request makes room (a flood of unfinished headers evicts itself while
 * clients that ask at once are served); with none such, the newcomer goes.
 * Sockets held by the push hub after an upgrade still count: they hold a
 * handle too. Behind a proxy every socket comes from the proxy's address,
 * so the per-address cap can only count the proxy's sockets there.
 */
export function guardConnections(server: Server, caps: ConnectionCaps, log: Logger) {
  const perAddress = new Map<string, number>();
  /** Accepted sockets without a complete request yet, oldest first. */
  const waiting = new Set<Socket>();
  const release = new WeakMap<Socket, () => void>();
  let open = 0;
  const shed = { total: 0, address: 0 };
  const lastLog = { total: 0, address: 0 };
  const [httpListener] = server.listeners('connection') as Array<(socket: Socket) => void>;
  if (!httpListener) throw new Error('HTTP server has no connection listener');
  server.removeListener('connection', httpListener);

  const shedding = (socket: Socket, key: string, reason: 'total' | 'address') => {
    shed[reason]++;
    socket.destroy();
    const now = Date.now();
    if (now - lastLog[reason] < LOG_EVERY_MS) return;
    log.warn('shedding connections', { reason, shed: shed[reason], open, address: key, ...caps });
    lastLog[reason] = now;
    shed[reason] = 0;
  };

  const served = (socket: Socket) => waiting.delete(socket);
  server.on('request', (req: IncomingMessage) => served(req.socket));
  server.on('upgrade', (req: IncomingMessage) => served(req.socket));

  server.on('connection', (socket: Socket) => {
    const key = addressKey(socket.remoteAddress);
    const mine = perAddress.get(key) ?? 0;
    if (caps.perIp > 0 && mine >= caps.perIp) return shedding(socket, key, 'address');
    if (caps.total > 0 && open >= caps.total) {
      const oldest = waiting.values().next().value;
      if (!oldest) return shedding(socket, key, 'total');
      release.get(oldest)?.();
      shedding(oldest, addressKey(oldest.remoteAddress), 'total');
    }
    open++;
    perAddress.set(key, (perAddress.get(key) ?? 0) + 1);
    waiting.add(socket);
    let released = false;
    const done = () => {
      if (released) return;
      released = true;
      open--;
      waiting.delete(socket);
      const left = (perAddress.get(key) ?? 1) - 1;
      if (left > 0) perAddress.set(key, left);
      else perAddress.delete(key);
    };
    release.set(socket, done);
    socket.once('close', done);
    httpListener.call(server, socket);
  });

  return { open: () => open };
}
