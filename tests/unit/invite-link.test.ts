import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HEAD_SCRIPT } from '../../src/lib/head-script';
import { forgetInvite, inviteLink, keepInvite, keptInvite } from '../../src/lib/invite';
import { INVITE_CODE_PATTERN, INVITE_PARAM } from '../../src/shared/referral';

// The invite link's code is kept by the head script until the account is created (docs/referral.md).
describe('invite link', () => {
  beforeEach(() => {
    // The browser's storage, in memory (the unit project runs in node).
    const kept = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => kept.get(k) ?? null,
      setItem: (k: string, v: string) => kept.set(k, v),
      removeItem: (k: string) => kept.delete(k),
    });
  });

  it('keeps a well-formed code from the address, and only that', () => {
    keepInvite('?x=1&invite=ABCD2345');
    expect(keptInvite()).toBe('ABCD2345');
    for (const bad of [
      '?invite=abcd2345',
      '?invite=ABCD234',
      '?invite=ABCD23450',
      '?invite=ABCD1345',
      '?other=ABCD2345',
    ])
      keepInvite(bad);
    expect(keptInvite()).toBe('ABCD2345');
    forgetInvite();
    expect(keptInvite()).toBeUndefined();
  });

  it('ignores a stored value that is no code', () => {
    localStorage.setItem('miaobi.invite', '<script>');
    expect(keptInvite()).toBeUndefined();
  });

  it('writes the shared pattern and parameter out for the inline script, and runs in it', () => {
    const source = String(keepInvite);
    expect(source).toContain(INVITE_CODE_PATTERN.source);
    expect(source).toMatch(new RegExp(`get\\(["']${INVITE_PARAM}["']\\)`));
    expect(HEAD_SCRIPT).toContain(source);
    expect(inviteLink('https://miaobi.example', 'ABCD2345')).toBe(
      `https://miaobi.example/chat?${INVITE_PARAM}=ABCD2345`,
    );
  });
});
