import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { CODE_RESEND_SECONDS } from '../../../shared/account-rules';
import { i18nOf, isLanguage, type Language } from '../../../shared/i18n';
import { hit } from '../../db/queries/rate-limits';
import { verificationCodes } from '../../db/schema';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';

export type CodePurpose = 'register' | 'reset' | 'bind';

export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;
const PER_ADDRESS_DAILY = 10;
const PER_IP_HOURLY = 10;
const PER_IP_DAILY = 30;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// No 0/O or 1/I: codes are read off a phone and typed.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function generateCode(): string {
  let code = '';
  for (let i = 0; i < 6; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

function hashCode(email: string, purpose: string, code: string) {
  return createHash('sha256').update(`${email}\n${purpose}\n${code.trim().toUpperCase()}`).digest('hex');
}

/**
 * Sends a code to email for purpose. Refused within 119 s of the last one,
 * past the per-address daily limit and the per-IP hourly and daily limits.
 * `owner` is the account that already has the address (null: none). The answer
 * is the same either way, so it tells nobody whether the address is
 * registered: a reset for an unknown address sends nothing, and a
 * registration or binding for a taken one mails its owner a notice instead.
 */
export async function sendCode(
  rt: Runtime,
  p: {
    email: string;
    purpose: CodePurpose;
    ip: string;
    lang: Language;
    owner: { language: string } | null;
    now?: number;
  },
): Promise<{ picCodeSessionId: string }> {
  const now = p.now ?? Date.now();
  const email = p.email.trim().toLowerCase();
  const { db } = rt.database;
  const [last] = await db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.email, email), eq(verificationCodes.purpose, p.purpose)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  const waited = last ? (now - last.createdAt.getTime()) / 1000 : Number.POSITIVE_INFINITY;
  if (waited < CODE_RESEND_SECONDS) {
    const seconds = Math.ceil(CODE_RESEND_SECONDS - waited);
    throw new DomainError(429, 'account:code.tooSoon', { status: 429, params: { seconds }, data: { seconds } });
  }
  const perAddress = await hit(db, `code:addr:${email}`, { limit: PER_ADDRESS_DAILY, windowMs: DAY }, now);
  const scale = rt.env.IP_LIMIT_SCALE;
  const hourly = await hit(db, `code:ip:h:${p.ip}`, { limit: PER_IP_HOURLY * scale, windowMs: HOUR }, now);
  const daily = await hit(db, `code:ip:${p.ip}`, { limit: PER_IP_DAILY * scale, windowMs: DAY }, now);
  if (!hourly.allowed) throw new DomainError(429, 'account:code.tooMany', { status: 429 });
  if (!perAddress.allowed || !daily.allowed) throw new DomainError(429, 'account:code.dailyLimit', { status: 429 });

  const code = generateCode();
  const picCodeSessionId = randomBytes(16).toString('hex');
  await db.insert(verificationCodes).values({
    email,
    purpose: p.purpose,
    codeHash: hashCode(email, p.purpose, code),
    sessionId: picCodeSessionId,
    ip: p.ip,
    createdAt: new Date(now),
    expiresAt: new Date(now + CODE_TTL_MINUTES * 60_000),
  });
  const to = p.email.trim();
  if (p.purpose === 'reset') {
    if (p.owner) await rt.mail.send(codeMail(rt.env.PUBLIC_ORIGIN, to, code, p.purpose, p.lang));
  } else if (p.owner) {
    await rt.mail.send(takenMail(rt.env.PUBLIC_ORIGIN, to, isLanguage(p.owner.language) ? p.owner.language : p.lang));
  } else {
    await rt.mail.send(codeMail(rt.env.PUBLIC_ORIGIN, to, code, p.purpose, p.lang));
  }
  return { picCodeSessionId };
}

/** To the owner of a taken address: someone asked for a code to register (or bind) it; none was sent. */
function takenMail(origin: string, to: string, lang: Language) {
  const t = i18nOf(lang).t;
  const lines = [
    t('account:mail.code.greeting'),
    t('account:mail.taken.body', { email: to }),
    t('account:mail.taken.login'),
    // The address only, no code: the page offers login and reset with it filled in.
    `${origin}/emailValidation?${new URLSearchParams({ email: to, type: 'login' })}`,
    t('account:mail.taken.ignore'),
    t('account:mail.signature'),
  ];
  return {
    to,
    subject: t('account:mail.taken.subject'),
    text: lines.join('\n\n'),
    html: lines.map((line) => `<p>${esc(line)}</p>`).join(''),
  };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function codeMail(origin: string, to: string, code: string, purpose: CodePurpose, lang: Language) {
  const t = i18nOf(lang).t;
  const link = `${origin}/emailValidation?${new URLSearchParams({ email: to, code, type: purpose })}`;
  const body = t('account:mail.code.body', { code, minutes: CODE_TTL_MINUTES });
  const lines = [
    t('account:mail.code.greeting'),
    body,
    t('account:mail.code.link'),
    link,
    t('account:mail.code.ignore'),
    t('account:mail.signature'),
  ];
  return {
    to,
    subject: t('account:mail.code.subject'),
    text: lines.join('\n\n'),
    html:
      `<p>${esc(lines[0] ?? '')}</p><p>${esc(body)}</p>` +
      `<p style="font-size:28px;letter-spacing:6px;font-weight:bold">${esc(code)}</p>` +
      `<p>${esc(lines[2] ?? '')}<br><a href="${esc(link)}">${esc(link)}</a></p>` +
      `<p style="color:#888">${esc(lines[4] ?? '')}</p><p>${esc(lines[5] ?? '')}</p>`,
  };
}

/**
 * Checks and uses up the latest live code for email and purpose. Every wrong
 * try counts; after CODE_MAX_ATTEMPTS the code is dead even if later right.
 */
export async function consumeCode(
  rt: Runtime,
  p: {
    email: string;
    purpose: CodePurpose;
    code: string;
    sessionId?: string;
    keep?: boolean;
    now?: number;
    /** The message of a wrong or dead code, when the caller's wording differs (registration, binding). */
    invalidKey?: string;
  },
): Promise<void> {
  const invalid = p.invalidKey ?? 'account:code.invalid';
  const now = new Date(p.now ?? Date.now());
  const email = p.email.trim().toLowerCase();
  const { db } = rt.database;
  const conditions = [
    eq(verificationCodes.email, email),
    eq(verificationCodes.purpose, p.purpose),
    isNull(verificationCodes.consumedAt),
    gt(verificationCodes.expiresAt, now),
  ];
  if (p.sessionId) conditions.push(eq(verificationCodes.sessionId, p.sessionId));
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(...conditions))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!row) throw new DomainError(400, invalid, { status: 400 });
  if (row.attempts >= CODE_MAX_ATTEMPTS) throw new DomainError(400, 'account:code.tooManyAttempts', { status: 400 });
  if (row.codeHash !== hashCode(email, p.purpose, p.code)) {
    // Counted atomically so parallel guesses cannot exceed the limit.
    const [bumped] = await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, row.id))
      .returning({ attempts: verificationCodes.attempts });
    const dead = (bumped?.attempts ?? CODE_MAX_ATTEMPTS) >= CODE_MAX_ATTEMPTS;
    throw new DomainError(400, dead ? 'account:code.tooManyAttempts' : invalid, { status: 400 });
  }
  if (p.keep) return;
  const [used] = await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(verificationCodes.id, row.id),
        isNull(verificationCodes.consumedAt),
        lt(verificationCodes.attempts, CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ id: verificationCodes.id });
  if (!used) throw new DomainError(400, invalid, { status: 400 });
}
