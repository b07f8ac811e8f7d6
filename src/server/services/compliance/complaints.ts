import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import { TICKET_PATTERN } from '../../../shared/compliance';
import type { ComplaintBody, ComplaintLookup, ComplaintStatusView } from '../../../shared/contract/compliance';
import type { Language } from '../../../shared/languages';
import { dayKey } from '../../../shared/site-time';
import { NO_CALENDAR, parseWorkCalendar } from '../../../shared/work-calendar';
import { activitySettings } from '../../config/activity';
import { hit } from '../../db/queries/rate-limits';
import { complaintReplies, complaints } from '../../db/schema';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { siteSettings } from '../site-settings';
import { sendTicketMail } from './complaint-mail';
import { workingDeadline } from './deadline';

const HOUR = 3_600_000;
/** Complaints one address may file an hour (scaled by IP_LIMIT_SCALE): a person rarely has more. */
export const COMPLAINTS_PER_IP_HOURLY = 5;
/** Status lookups one address may make an hour (scaled): enough to check, too few to guess tickets. */
export const LOOKUPS_PER_IP_HOURLY = 30;

const TICKET_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** `TS` + the site day + 8 random letters and digits (40 bits: not guessable, and the lookup needs the e-mail too). */
function newTicket(now: number, timeZone: string): string {
  const random = [...randomBytes(8)].map((b) => TICKET_LETTERS[b % TICKET_LETTERS.length]).join('');
  return `TS${dayKey(now, timeZone).replace(/-/g, '')}${random}`;
}

async function limit(rt: Runtime, key: string, perHour: number) {
  const r = await hit(rt.database.db, key, { limit: perHour * rt.env.IP_LIMIT_SCALE, windowMs: HOUR });
  if (!r.allowed) throw new DomainError(Code.TOO_MANY_REQUESTS, 'compliance:error.tooMany', { status: 429 });
}

/**
 * Files a complaint (docs/compliance.md): anyone, signed in or not, under a limit per address.
 * Its handling time is the console's setting now, promised as a due date in working days; the
 * filer gets the ticket number by e-mail.
 */
export async function fileComplaint(rt: Runtime, who: { ip: string; lang: Language }, body: ComplaintBody) {
  await limit(rt, `complaint:ip:${who.ip}`, COMPLAINTS_PER_IP_HOURLY);
  const settings = await siteSettings(rt);
  const days = settings.COMPLAINT_HANDLING_DAYS;
  const calendar = parseWorkCalendar(settings.COMPLAINT_CALENDAR) ?? NO_CALENDAR;
  const zone = activitySettings(rt.env).SITE_TIME_ZONE;
  const now = Date.now();
  const [row] = await rt.database.db
    .insert(complaints)
    .values({
      ticket: newTicket(now, zone),
      category: body.category,
      address: body.address,
      description: body.description,
      email: body.email.toLowerCase(),
      language: who.lang,
      createdAt: new Date(now),
      dueAt: workingDeadline(now, days, zone, calendar),
    })
    .returning();
  if (!row) throw new Error('complaint not stored');
  await sendTicketMail(rt, row, days);
  return { ticket: row.ticket, handlingDays: days, dueAt: row.dueAt.toISOString() };
}

const notFound = () => new DomainError(Code.NOT_FOUND, 'compliance:error.notFound', { status: 404 });

/**
 * A ticket's status for whoever knows its number and e-mail address. A wrong pair, an unknown
 * ticket and a malformed number give the same answer, so the lookup tells nothing of other tickets.
 */
export async function lookupComplaint(rt: Runtime, ip: string, q: ComplaintLookup): Promise<ComplaintStatusView> {
  await limit(rt, `complaint-lookup:ip:${ip}`, LOOKUPS_PER_IP_HOURLY);
  const ticket = q.ticket.toUpperCase();
  if (!TICKET_PATTERN.test(ticket)) throw notFound();
  const { db } = rt.database;
  const [c] = await db
    .select()
    .from(complaints)
    .where(and(eq(complaints.ticket, ticket), eq(complaints.email, q.email.toLowerCase())))
    .limit(1);
  if (!c) throw notFound();
  const replies = await db
    .select({ text: complaintReplies.text, createdAt: complaintReplies.createdAt })
    .from(complaintReplies)
    .where(eq(complaintReplies.complaintId, c.id))
    .orderBy(asc(complaintReplies.id));
  return {
    ticket: c.ticket,
    category: c.category,
    status: c.status,
    createdAt: c.createdAt.toISOString(),
    dueAt: c.dueAt.toISOString(),
    replies: replies.map((r) => ({ text: r.text, createdAt: r.createdAt.toISOString() })),
  };
}
