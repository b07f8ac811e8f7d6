
// Console routes (docs/console.md): every one answers 404 to anyone without a
// console session, and 403 (code 1001601) until TOTP is verified in it.
export const tags = ['admin'];
export const codes = { 404: 'no console session (HTTP 404)', 403: 'role too low, or TOTP required (HTTP 403)' };

const DAY = 86_400_000;
/** A from/to pair of `date` query fields as instants (UTC days); the "to" day is included. */
export function dayRange(q: { from?: string; to?: string }) {
  return {
    from: q.from ? new Date(`${q.from}T00:00:00Z`) : undefined,
    to: q.to ? new Date(new Date(`${q.to}T00:00:00Z`).getTime() + DAY) : undefined,
  };
}
