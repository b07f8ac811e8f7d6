// The kinds of objects a user owns, as the authorization matrix sees them.
// A kind whose routes are not in /api/openapi.json yet is skipped; add the
// drawing and song kinds here when their APIs land.
import { and, eq } from 'drizzle-orm';
import { apps, chatConversations, drawings, orders } from '../../../src/server/db/schema';
import { pushTask } from '../../../src/server/services/drawing/tasks';
import type { CallResult, TestServer } from '../helpers';
import { sandboxPay } from '../sandbox-helpers';
import { knowledgeBase, knowledgeFile } from './authorization-knowledge';
import { song } from './authorization-song';

export interface User {
  id: number;
  token: string;
  headers: Record<string, string>;
}

export interface Owned {
  id: string;
  owner: number;
}

type Attempt = (srv: TestServer, obj: Owned, who: User) => Promise<CallResult>;

export interface OwnedKind {
  name: string;
  /** Ids are per user: another user's change to the same id may succeed, on their own object. */
  ownNamespace?: boolean;
  /** Every route the kind needs; the kind is skipped until all exist. */
  routes: string[];
  /** A slow fixture made once per server, before any test (a hook's longer timeout covers it). */
  prepare?(srv: TestServer, owner: User): Promise<void>;
  create(srv: TestServer, owner: User): Promise<Owned>;
  /** Everything about the object that a refused attempt must leave alone. */
  snapshot(srv: TestServer, obj: Owned): Promise<unknown>;
  read?: Attempt;
  change?: Attempt;
  delete?: Attempt;
  pay?: Attempt;
  /** Actions the owner may take: checked last, so a refusal is known to be about the caller. */
  ownerCan?: Array<'read' | 'change' | 'delete' | 'pay'>;
  listedFor?(srv: TestServer, who: User, obj: Owned): Promise<boolean>;
  push?: { taskId(obj: Owned): string; trigger(srv: TestServer, obj: Owned): Promise<unknown> };
}

let seq = 0;
/** Each order's keyed pay link, as its owner was handed it at creation. */
const payLinks = new Map<string, string>();

const order: OwnedKind = {
  name: 'order',
  routes: [
    '/api/order/create',
    '/api/order/detail',
    '/api/order/cancel',
    '/api/pay/sandbox/{orderNo}/{action}',
    '/api/pay/sandbox/{orderNo}/link',
    '/api/pay/sandbox/{orderNo}/view',
  ],
  async create(srv, owner) {
    const list = await srv.call('POST', '/api/product/list/aichat');
    const p = (list.body.data.data as Array<{ productId: number; productCode: string; productDisPrice: number }>).find(
      (x) => x.productDisPrice > 0,
    );
    if (!p) throw new Error('no paid product');
    const res = await srv.call(
      'POST',
      '/api/order/create',
      { productId: p.productId, productCode: p.productCode },
      owner.headers,
    );
    const orderNo = res.body.data?.orderNo as string | undefined;
    if (!orderNo) throw new Error(`order not created: ${JSON.stringify(res.body)}`);
    // An unpaid twin comes back without a key: the pay dialog asks for a keyed link, as here.
    const keyed =
      res.body.code === 1000000
        ? res
        : await srv.call('POST', `/api/pay/sandbox/${orderNo}/link`, undefined, owner.headers);
    payLinks.set(orderNo, keyed.body.data.payLink);
    return { id: orderNo, owner: owner.id };
  },
  async snapshot(srv, obj) {
    return srv.runtime.database.db.select().from(orders).where(eq(orders.orderNo, obj.id));
  },
  read: (srv, obj, who) => srv.call('GET', `/api/order/detail?orderNo=${obj.id}`, undefined, who.headers),
  change: (srv, obj, who) => srv.call('POST', '/api/order/cancel', { orderNo: obj.id }, who.headers),
  // Only the owner is handed a pay link whose key can confirm the order.
  pay: (srv, obj, who) => srv.call('POST', `/api/pay/sandbox/${obj.id}/link`, undefined, who.headers),
  ownerCan: ['read', 'pay'],
  async listedFor(srv, who, obj) {
    const res = await srv.call('POST', '/api/order/list', { pageNum: 1, pageSize: 10 }, who.headers);
    return ((res.body.data?.records ?? []) as Array<{ orderNo: string }>).some((o) => o.orderNo === obj.id);
  },
  push: {
    taskId: (obj) => obj.id,
    // The sandbox pay page is open to whoever holds the QR (its key), as a real pay QR is; its push goes to the owner.
    trigger: (srv, obj) => sandboxPay(srv, payLinks.get(obj.id) ?? ''),
  },
};

const appBody = (title: string) => ({
  promptTitle: title,
  promptContent: '你是一位耐心的写作老师',
  promptDescription: '草稿',
  iconUrl: 'emoji:📝',
});

const application: OwnedKind = {
  name: 'application (draft)',
  routes: ['/api/app/create', '/api/app/detail', '/api/app/update', '/api/app/delete', '/api/app/mine'],
  async create(srv, owner) {
    const res = await srv.call('POST', '/api/app/create', appBody(`草稿 ${++seq}`), owner.headers);
    return { id: String(res.body.data.id), owner: owner.id };
  },
  snapshot: (srv, obj) =>
    srv.runtime.database.db
      .select()
      .from(apps)
      .where(eq(apps.id, Number(obj.id))),
  read: (srv, obj, who) => srv.call('GET', `/api/app/detail?id=${obj.id}`, undefined, who.headers),
  change: (srv, obj, who) =>
    srv.call('POST', '/api/app/update', { ...appBody('taken over'), id: Number(obj.id), published: true }, who.headers),
  delete: (srv, obj, who) => srv.call('POST', '/api/app/delete', { id: Number(obj.id) }, who.headers),
  ownerCan: ['read', 'change'],
  async listedFor(srv, who, obj) {
    const res = await srv.call('GET', '/api/app/mine', undefined, who.headers);
    return ((res.body.data?.records ?? []) as Array<{ id: number }>).some((a) => String(a.id) === obj.id);
  },
};

const conversationBody = (changedAt: number, title: string, deleted = false) => ({
  title,
  systemPrompt: null,
  description: null,
  templateId: null,
  messages: [{ id: 'm1', dateTime: changedAt, text: title, inversion: true }],
  changedAt,
  ...(deleted ? { deleted } : {}),
});

/** Conversation ids are the browser's, per user: another user's PUT to the same id makes their own. */
const conversation: OwnedKind = {
  name: 'chat conversation',
  routes: ['/api/chat/conversations/{uuid}'],
  async create(srv, owner) {
    const id = String(1_700_000_000_000 + ++seq);
    await srv.call('PUT', `/api/chat/conversations/${id}`, conversationBody(Date.now(), '私人对话'), owner.headers);
    return { id, owner: owner.id };
  },
  snapshot: (srv, obj) =>
    srv.runtime.database.db
      .select()
      .from(chatConversations)
      .where(and(eq(chatConversations.userId, obj.owner), eq(chatConversations.uuid, Number(obj.id)))),
  ownNamespace: true,
  read: (srv, obj, who) => srv.call('GET', `/api/chat/conversations/${obj.id}`, undefined, who.headers),
  change: (srv, obj, who) =>
    srv.call(
      'PUT',
      `/api/chat/conversations/${obj.id}`,
      conversationBody(Date.now() + 60_000, 'overwritten'),
      who.headers,
    ),
  delete: (srv, obj, who) =>
    srv.call('PUT', `/api/chat/conversations/${obj.id}`, conversationBody(Date.now() + 60_000, 'x', true), who.headers),
  ownerCan: ['read'],
};

const drawing: OwnedKind = {
  name: 'drawing',
  routes: ['/api/sd/submit/imagine', '/api/sd/task', '/api/sd/delete', '/api/sd/list/user/picture'],
  async create(srv, owner) {
    const res = await srv.call(
      'POST',
      '/api/sd/submit/imagine',
      { prompt: `私人画 ${++seq}`, drawPublicFlag: 2, drawSteps: 1 },
      owner.headers,
    );
    const id = res.body.mjChatMessage?.id as string | undefined;
    if (!id) throw new Error(`drawing not submitted: ${JSON.stringify(res.body)}`);
    // Finished first, so the snapshot does not move under the worker.
    for (let i = 0; i < 300; i++) {
      const task = await srv.call('POST', '/api/sd/task', { id }, owner.headers);
      if (task.body.data?.status === 10) return { id, owner: owner.id };
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('drawing did not finish');
  },
  async snapshot(srv, obj) {
    return srv.runtime.database.db.select().from(drawings).where(eq(drawings.taskId, obj.id));
  },
  read: (srv, obj, who) => srv.call('POST', '/api/sd/task', { id: obj.id }, who.headers),
  delete: (srv, obj, who) => srv.call('POST', '/api/sd/delete', { id: obj.id }, who.headers),
  ownerCan: ['read'],
  async listedFor(srv, who, obj) {
    const res = await srv.call('POST', '/api/sd/list/user/picture', { pageNum: 1, pageSize: 30 }, who.headers);
    return ((res.body.data?.records ?? []) as Array<{ id: string }>).some((d) => d.id === obj.id);
  },
  push: {
    taskId: (obj) => obj.id,
    async trigger(srv, obj) {
      const [row] = await srv.runtime.database.db.select().from(drawings).where(eq(drawings.taskId, obj.id));
      if (row) await pushTask(srv.runtime, row);
    },
  },
};

export const ownedKinds: OwnedKind[] = [order, application, conversation, drawing, song, knowledgeBase, knowledgeFile];
