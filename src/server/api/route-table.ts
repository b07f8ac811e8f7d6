import type { RouteConfig } from '@hono/zod-openapi';
import * as accountConsole from './account/console.routes';
import * as accountPhone from './account/phone.routes';
import * as accountUser from './account/user.routes';
import * as accountWx from './account/wx';
import * as accountWxCallback from './account/wx-callback';
import * as activityConsole from './activity/console.routes';
import * as activityCoupon from './activity/coupon.routes';
import * as activityNotice from './activity/notice.routes';
import * as activityNoticeMine from './activity/notice-mine';
import * as admin from './admin/admin.routes';
import * as adminSettings from './admin/settings.routes';
import * as apps from './apps/app.routes';
import * as appsPrompt from './apps/prompt';
import * as channelsConsole from './channels/console.routes';
import * as chatAttachments from './chat/attachments.routes';
import * as chat from './chat/chat.routes';
import * as chatConversations from './chat/conversations.routes';
import * as chatShares from './chat/shares.routes';
import * as chatSpeech from './chat/transcribe.routes';
import * as clientLog from './client-log';
import * as complianceComplaint from './compliance/complaint.routes';
import * as complianceConsole from './compliance/console.routes';
import * as complianceInfo from './compliance/info.routes';
import * as complianceUnlabelled from './compliance/unlabelled.routes';
import * as credits from './credits/credits.routes';
import * as drawing from './drawing/sd.routes';
import * as health from './health';
import * as knowledgeConsole from './knowledge/console';
import * as knowledge from './knowledge/knowledge.routes';
import * as ledger from './ledger';
import * as ledgerConsole from './ledger/console';
import * as moderationConsole from './moderation/console.routes';
import * as moderation from './moderation/reports.routes';
import * as music from './music/music.routes';
import * as ready from './ready';
import * as referralConsole from './referral/console.routes';
import * as referral from './referral/referral.routes';
import * as shopConsoleOrders from './shop/console-orders.routes';
import * as shopConsolePayments from './shop/console-payments.routes';
import * as shopConsoleProducts from './shop/console-products.routes';
import * as shop from './shop/order.routes';
import * as toolsConsole from './tools/console.routes';
import * as video from './video/video.routes';
import * as webSearchConsole from './web-search/console.routes';

/**
 * Every module that declares routes. The browser's client is typed from
 * `RouteTable` (src/lib/api/routes.ts, `import type` only: no server code
 * reaches the bundle); tests/unit/route-table.test.ts keeps it equal to the
 * OpenAPI document, so a route cannot be served without being typed here.
 */
const modules = {
  accountConsole,
  accountPhone,
  accountUser,
  accountWx,
  accountWxCallback,
  activityConsole,
  activityCoupon,
  activityNotice,
  activityNoticeMine,
  admin,
  adminSettings,
  apps,
  appsPrompt,
  channelsConsole,
  toolsConsole,
  chat,
  chatAttachments,
  chatConversations,
  chatShares,
  chatSpeech,
  complianceInfo,
  complianceComplaint,
  complianceConsole,
  complianceUnlabelled,
  clientLog,
  credits,
  drawing,
  health,
  knowledge,
  knowledgeConsole,
  ledger,
  ledgerConsole,
  moderation,
  moderationConsole,
  music,
  ready,
  referral,
  referralConsole,
  shop,
  shopConsoleOrders,
  shopConsolePayments,
  shopConsoleProducts,
  video,
  webSearchConsole,
};

type Modules = typeof modules;
type RoutesOf<M> = { [K in keyof M]: M[K] extends RouteConfig ? M[K] : never }[keyof M];

/** Every route of the API, as declared (method, path under /api, request and reply schemas). */
export type RouteTable = { [K in keyof Modules]: RoutesOf<Modules[K]> }[keyof Modules];

const isRoute = (value: unknown): value is RouteConfig =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'responses' in value;

/** The same routes at run time, for the test that holds the table against the served document. */
export const routeTable: RouteConfig[] = Object.values(modules).flatMap((m) => Object.values(m).filter(isRoute));
