import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { maskPhone } from '../../../shared/phone';
import type { Logger } from '../../log';
import type { SmsProvider } from './types';

/**
 * The offline SMS service: each message is a JSON file in `dir` ({to, text, code, at}) the operator
 * (and tests) can read, as the mail outbox's .eml files; the log names the masked number only.
 * On a public origin it runs only with ALLOW_SANDBOX=true, announced like the other sandboxes (sandbox.ts).
 */
export function createSmsOutbox(dir: string, log: Logger): SmsProvider {
  return {
    mode: 'outbox',
    async sendCode(m) {
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${randomBytes(4).toString('hex')}.json`);
      await writeFile(file, JSON.stringify({ to: m.phone, text: m.text, code: m.code, at: new Date().toISOString() }));
      log.info('sms written to outbox', { to: maskPhone(m.phone), file });
    },
  };
}
