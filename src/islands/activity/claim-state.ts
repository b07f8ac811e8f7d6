/**
 * What the claim button shows (/activities in docs/routes-and-screens.md), from the coupon state and
 * the server's "now". Pure, so the rules are tested without a browser.
 */
export type ClaimPhase = 'loading' | 'countdown' | 'ready' | 'claiming' | 'late' | 'claimed';

export interface ClaimState {
  /** False until the caller's own list has been read. */
  loaded: boolean;
  claiming: boolean;
  isDraw: boolean;
  leftDailyLimit: number;
  opensAt: number;
}

export function claimPhase(s: ClaimState, serverNow: number): ClaimPhase {
  if (s.isDraw) return 'claimed';
  if (serverNow < s.opensAt) return 'countdown';
  if (!s.loaded) return 'loading';
  if (s.claiming) return 'claiming';
  if (s.leftDailyLimit <= 0) return 'late';
  return 'ready';
}

/**
 * Estimated server clock minus browser clock, from a reply's serverTime and
 * the browser times the request was sent and answered (the reply was made
 * about half-way).
 */
export function clockSkew(serverTime: number, sentAt: number, receivedAt: number): number {
  return serverTime - (sentAt + receivedAt) / 2;
}

/** Milliseconds until the next whole second of the server clock, so the display ticks on the second. */
export function msToNextSecond(serverNow: number): number {
  const rest = 1000 - (((serverNow % 1000) + 1000) % 1000);
  return rest === 0 ? 1000 : rest;
}
