import { expect } from 'vitest';
import { startTestServer, type TestServer } from '../helpers';
import { codeFrom, startMailServer, type TestMailServer } from '../mail-server';

/**
 * A real SMTP server and a test server mailing through it, trusting
 * X-Forwarded-For so each case can act from its own address (fromIp). close() stops both.
 */
export async function startAccountServers(extraEnv: Record<string, string> = {}): Promise<{
  srv: TestServer;
  mail: TestMailServer;
  close(): Promise<void>;
}> {
  const mail = await startMailServer();
  const srv = await startTestServer({ SMTP_URL: mail.url, TRUST_PROXY: 'true', ...extraEnv }).catch(async (err) => {
    await mail.close();
    throw err;
  });
  return {
    srv,
    mail,
    async close() {
      await srv.dispose();
      await mail.close();
    },
  };
}

/** Account flows through the real API and a real SMTP server, for the accounts suite. */
export function accountFlows(srv: () => TestServer, mail: () => TestMailServer) {
  let ipSeq = 0;
  // Each case acts from its own address so per-IP limits of one case do not leak into another.
  const fromIp = () => ({ 'x-forwarded-for': `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}` });

  /** Asks for a code and returns the raw reply (limits and refusals are the caller's to check). */
  const sendCode = (email: string, type = 'register', headers = fromIp()) =>
    srv().call('GET', `/api/user/getEmailVerifycode?${new URLSearchParams({ email, type })}`, undefined, headers);

  async function requestCode(email: string, type = 'register', headers = fromIp()) {
    const before = mail().messages.length;
    const res = await sendCode(email, type, headers);
    expect(res.body.data?.resultCode, JSON.stringify(res.body)).toBe('1');
    const message = await mail().waitFor(email, before);
    return { code: codeFrom(message), session: res.body.data.picCodeSessionId as string, message, res };
  }

  async function registerUser(email: string, password = 'secret123') {
    const { code, session } = await requestCode(email);
    const body = {
      identity: email,
      password,
      picCodeSessionId: session,
      picVerificationCode: code,
      registerType: 'email',
    };
    const res = await srv().call('POST', '/api/user/register/email', body, fromIp());
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200, result: '注册成功' });
  }

  async function login(email: string, password = 'secret123') {
    const res = await srv().call('POST', '/api/user/login/email', { username: email, password }, fromIp());
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    return res.body.data.token as string;
  }

  return { fromIp, sendCode, requestCode, registerUser, login };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
