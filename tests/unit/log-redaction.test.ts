import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/server/log';

// Every request's path is logged (src/server/http.ts): the one-time keys and
// codes of the personal links, and the address an e-mailed link carries, never are.
describe('redactUrl', () => {
  it('hides the one-time keys of the sandbox links', () => {
    const key = 'Abc_123-xyz'.repeat(4);
    expect(redactUrl(`/pay/sandbox/MB2026000001?key=${key}`)).toBe('/pay/sandbox/MB2026000001?key=[redacted]');
    expect(redactUrl(`/wx/sandbox/0123456789abcdef?key=${key}&x=1`)).toBe(
      '/wx/sandbox/0123456789abcdef?key=[redacted]&x=1',
    );
  });

  it("hides an e-mailed link's code and address, keeping what is not personal", () => {
    expect(redactUrl('/emailValidation?email=someone%40example.com&code=ABC123&type=register')).toBe(
      '/emailValidation?email=[redacted]&code=[redacted]&type=register',
    );
    expect(redactUrl('/api/user/getEmailVerifycode?EMAIL=a@b.c&type=register#top')).toBe(
      '/api/user/getEmailVerifycode?EMAIL=[redacted]&type=register#top',
    );
    expect(redactUrl('/square?page=2')).toBe('/square?page=2');
  });
});
