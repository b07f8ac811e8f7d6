import { pattern, text } from '../validation';

// Console routes (docs/console.md): every one answers 404 to anyone without a
// console session, and 403 (code 1001601) until TOTP is verified in it.
export const tags = ['admin'];
export const codes = { 404: 'no console session (HTTP 404)', 403: 'role too low, or TOTP required (HTTP 403)' };
export const totpCode = pattern(/^\d{6}$/, 6, { trim: true, message: 'admin:totp.format' });
/** The browser's id for one action (one dialog): repeated requests act once. */
export const requestId = pattern(/^[A-Za-z0-9-]{8,64}$/, 64);
export const reason = text(500, 1);

export const date = pattern(/^\d{4}-\d{2}-\d{2}$/, 10).refine((s) => !Number.isNaN(Date.parse(s)));

const DAY = 86_400_000;
/** A from/to pair of `date` query fields as instants (UTC days); the "to" day is included. */
export function dayRange(q: { from?: string; to?: string }) {
  return {
    from: q.from ? new Date(`${q.from}T00:00:00Z`) : undefined,
    to: q.to ? new Date(new Date(`${q.to}T00:00:00Z`).getTime() + DAY) : undefined,
  };
}
