import { z } from '@hono/zod-openapi';
import { PERIODS, ROLES } from '../admin';
import { pageOf } from './common';
import { paging, pattern, text } from './input';

/**
 * Console requests and replies (docs/console.md): the fields every domain's
 * console routes take, the console's own session, TOTP, dashboard and audit
 * log. The browser imports the types only.
 */

/** A TOTP code as typed: six digits. */
export const totpCode = pattern(/^\d{6}$/, 6, { trim: true, message: 'admin:totp.format' });
/** The browser's id for one action (one dialog): repeated requests act once. */
export const requestId = pattern(/^[A-Za-z0-9-]{8,64}$/, 64);
/** Why a console action is taken, for the audit log. */
export const reason = text(500, 1);
/** A calendar day (YYYY-MM-DD) of a filter. */
export const date = pattern(/^\d{4}-\d{2}-\d{2}$/, 10).refine((s) => !Number.isNaN(Date.parse(s)));

/** A console change answers whether it acted (false: its request id already did). */
export const applied = z.object({ applied: z.boolean() });
export type Applied = z.infer<typeof applied>;
/** A change that needs only its request id (deleting a channel, a key). */
export const requestOnly = z.object({ requestId });
/** A change that needs a reason and its request id. */
export const reasonBody = z.object({ reason, requestId });
/** A change that needs a reason, its request id and a fresh TOTP code. */
export const reasonWithCode = z.object({ reason, requestId, code: totpCode });
/** A switch turned on or off. */
export const enabledBody = z.object({ enabled: z.boolean(), requestId });

/** POST /api/admin/totp/{confirm,verify}. */
export const totpBody = z.object({ code: totpCode });

/** A report period: the last 1, 7 or 30 site days, or from..to. */
export const periodQuery = z.object({
  days: z.enum(PERIODS.map(String) as [string, ...string[]]).default('7'),
  from: date.optional(),
  to: date.optional(),
});

/** The audit log's filters (its CSV takes the same). */
export const auditQuery = z.object({
  action: text(60).optional(),
  actor: text(200).optional(),
  targetId: text(40).optional(),
  from: date.optional(),
  to: date.optional(),
});
export const auditPageQuery = auditQuery.extend(paging(100, 50).shape);

const count = z.number().int();

/** One site day of the dashboard (SITE_TIME_ZONE). */
export const DashboardDay = z.object({
  day: z.string(),
  revenueFen: count,
  paidOrders: count,
  createdOrders: count,
  /** Orders created that day that were paid (at any time since). */
  convertedOrders: count,
  /** Refunds completed that day, and their sum (revenue stays gross: by the day of payment). */
  refunds: count,
  refundedFen: count,
  newUsers: count,
  activeUsers: count,
  chatMessages: count,
  drawings: count,
  songs: count,
  couponClaims: count,
});

const queue = z.object({ waiting: count, running: count, failedLastHour: count });

export const Dashboard = z
  .object({
    from: z.string(),
    to: z.string(),
    series: z.array(DashboardDay),
    totals: z.object({
      revenueFen: count,
      paidOrders: count,
      createdOrders: count,
      convertedOrders: count,
      /** Paid of created, 0–1; null without orders. */
      conversion: z.number().nullable(),
      refunds: count,
      refundedFen: count,
      newUsers: count,
      /** Distinct users active in the range. */
      activeUsers: count,
      /** Active on the range's last day, and in the 7 days ending with it. */
      activeDaily: count,
      activeWeekly: count,
      /** Members now (membership or plus tier not ended). */
      activeMembers: count,
      chatMessages: count,
      drawings: count,
      songs: count,
      couponClaims: count,
    }),
    /** Referral commission (docs/referral.md): held now; released, paid out and invites converted in the range. */
    referral: z.object({ heldFen: count, releasedFen: count, paidFen: count, convertedInvites: count }),
    providers: z.array(
      z.object({ kind: z.enum(['drawing', 'music']), provider: z.string(), total: count, failed: count }),
    ),
    queues: z.object({ drawings: queue, songs: queue }),
    /** Channel keys cooling down or failing now (docs/channel-routing.md); never the key itself. */
    failingKeys: z.array(
      z.object({
        channel: z.string(),
        kind: z.string(),
        last4: z.string(),
        failures: count,
        /** ISO time the cool-down ends; null when it has ended. */
        cooldownUntil: z.string().nullable(),
        lastError: z.string().nullable(),
        lastFailAt: z.string().nullable(),
      }),
    ),
  })
  .openapi('AdminDashboard');

export type DashboardDay = z.infer<typeof DashboardDay>;
export type Dashboard = z.infer<typeof Dashboard>;

/** Opening a console session answers an empty object; the session travels in its HttpOnly cookie. */
export const ConsoleSessionOpened = z.object({}).strict().openapi('AdminSessionOpened');

/** The console account of the session (GET /api/admin/me). */
export const ConsoleMe = z
  .object({
    id: count,
    email: z.string().nullable(),
    role: z.enum(ROLES),
    /** TOTP confirmed for the account; `verified`: a code checked in this session within the last half hour. */
    enrolled: z.boolean(),
    verified: z.boolean(),
  })
  .openapi('AdminMe');

/** A new TOTP secret: the text, its otpauth:// URI and that URI as a PNG data URL. */
export const TotpEnrolment = z
  .object({ secret: z.string(), uri: z.string(), qr: z.string() })
  .openapi('AdminTotpEnrolment');

/** Any JSON value: an audit entry's before and after are snapshots whose shape depends on the action. */
const JsonValue = z
  .unknown()
  .openapi('JsonValue', { type: ['object', 'array', 'string', 'number', 'boolean', 'null'] });

export const AuditEntry = z
  .object({
    id: count,
    /** ISO time. */
    at: z.string(),
    actorId: count.nullable(),
    actorEmail: z.string().nullable(),
    ip: z.string().nullable(),
    action: z.string(),
    targetType: z.string().nullable(),
    targetId: z.string().nullable(),
    reason: z.string().nullable(),
    before: JsonValue,
    after: JsonValue,
    requestId: z.string().nullable(),
  })
  .openapi('AdminAuditEntry');
export const AuditPage = pageOf(AuditEntry);

export type ConsoleMe = z.infer<typeof ConsoleMe>;
export type TotpEnrolment = z.infer<typeof TotpEnrolment>;
export type AuditEntry = z.infer<typeof AuditEntry>;
