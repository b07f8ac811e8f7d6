import { describe, expect, it } from 'vitest';
import { claimPhase, clockSkew, msToNextSecond } from '../../src/islands/activity/claim-state';
import { groupCode } from '../../src/islands/activity/coupon-api';
import { createShow, PARTICLES, ROCKETS, step } from '../../src/lib/fireworks';
import { hourlyUrl } from '../../src/lib/hourly-url';
import { DISMISS_MS, INSTALL_DELAY_MS, isIosSafari, type PromptFacts, promptKind } from '../../src/lib/install-prompt';
import { clockOffset, cookieOffset } from '../../src/server/services/activity/clock';
import { seededRandom as seeded } from '../../src/shared/seeded-random';

describe('install prompt timing', () => {
  const base: PromptFacts = {
    sinceLoad: 0,
    dismissedAt: null,
    now: 1e12,
    standalone: false,
    canPrompt: true,
    ios: false,
  };
  it('waits 5 seconds after load', () => {
    expect(INSTALL_DELAY_MS).toBe(5000);
    expect(promptKind({ ...base, sinceLoad: 4999 })).toBeNull();
    expect(promptKind({ ...base, sinceLoad: 5000 })).toBe('install');
  });
  it('stays away for two weeks after a dismissal, and when installed', () => {
    expect(promptKind({ ...base, sinceLoad: 6000, dismissedAt: base.now - DISMISS_MS + 1 })).toBeNull();
    expect(promptKind({ ...base, sinceLoad: 6000, dismissedAt: base.now - DISMISS_MS })).toBe('install');
    expect(promptKind({ ...base, sinceLoad: 6000, standalone: true })).toBeNull();
  });
  it('gives iOS Safari a how-to hint, other browsers nothing without an offer', () => {
    expect(promptKind({ ...base, sinceLoad: 6000, canPrompt: false, ios: true })).toBe('ios');
    expect(promptKind({ ...base, sinceLoad: 6000, canPrompt: false })).toBeNull();
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1';
    expect(isIosSafari(iphone)).toBe(true);
    expect(isIosSafari(iphone.replace('Safari', 'CriOS/120 Safari'))).toBe(false);
    expect(isIosSafari('Mozilla/5.0 (X11; Linux x86_64) Chrome/120 Safari/537.36')).toBe(false);
  });
});

describe('claim button phases', () => {
  const s = { loaded: true, claiming: false, isDraw: false, leftDailyLimit: 3, opensAt: 1000 };
  it('follows the claim states: countdown, claim, claiming, late, already claimed', () => {
    expect(claimPhase(s, 999)).toBe('countdown');
    expect(claimPhase(s, 1000)).toBe('ready');
    expect(claimPhase({ ...s, claiming: true }, 1000)).toBe('claiming');
    expect(claimPhase({ ...s, leftDailyLimit: 0 }, 1000)).toBe('late');
    expect(claimPhase({ ...s, isDraw: true, leftDailyLimit: 0 }, 1000)).toBe('claimed');
    expect(claimPhase({ ...s, loaded: false }, 1000)).toBe('loading');
  });
  it('estimates the server clock from a reply and ticks on whole seconds', () => {
    expect(clockSkew(10_000, 1000, 1200)).toBe(8900);
    expect(msToNextSecond(12_250)).toBe(750);
    expect(msToNextSecond(12_000)).toBe(1000);
    expect(groupCode('ABCDEFGHJK')).toBe('ABCD-EFGH-JK');
  });
});

describe('test clock', () => {
  it('is honoured only under NODE_ENV=test, within a year', () => {
    expect(clockOffset('test', '-3600000')).toBe(-3_600_000);
    expect(clockOffset('production', '-3600000')).toBe(0);
    expect(clockOffset('test', '1e20')).toBe(0);
    expect(clockOffset('test', String(400 * 86_400_000))).toBe(0);
    expect(cookieOffset('lang=zh-CN; test_clock_offset=42')).toBe('42');
  });
});

describe('fireworks and QR helpers', () => {
  it('launches 5 rockets of 50 particles, then ends', () => {
    const show = createShow(720, 480, seeded(7));
    let frames = 0;
    while (step(show, 1 / 60) && frames < 60 * 30) frames++;
    expect(show.rockets).toHaveLength(ROCKETS);
    expect(show.born).toBe(ROCKETS * PARTICLES);
    expect(show.rockets.every((r) => r.burst && r.y < 480 * 0.5)).toBe(true);
    expect(frames).toBeLessThan(60 * 30);
  });
  it('busts the group QR cache once an hour', () => {
    const at = 3_600_000 * 500_000 + 10;
    expect(hourlyUrl('/images/group-qr.svg', at)).toBe('/images/group-qr.svg?t=500000');
    expect(hourlyUrl('https://cdn.example/q.png?x=1#top', at)).toBe('https://cdn.example/q.png?x=1&t=500000#top');
    expect(hourlyUrl('/q.png', at + 3_600_000)).toBe('/q.png?t=500001');
  });
});
