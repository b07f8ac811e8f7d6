import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/server/config/env';
import { createLogger } from '../../src/server/log';
import { createMailProvider } from '../../src/server/providers/mail';

const dir = mkdtempSync(path.join(tmpdir(), 'miaobi-outbox-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const quiet = createLogger('error', () => {});

describe('offline mail', () => {
  it('writes each message to DATA_DIR/outbox as .eml, making the folder again if it was removed', async () => {
    const mail = createMailProvider(loadEnv({ DATA_DIR: dir }), quiet);
    expect(mail.mode).toBe('offline');
    const outbox = path.join(dir, 'outbox');
    await mail.send({ to: 'a@example.com', subject: '支付成功', text: '您好', html: '<p>您好</p>' });
    rmSync(outbox, { recursive: true });
    await mail.send({ to: 'b@example.com', subject: 'Receipt', text: 'Hello', html: '<p>Hello</p>' });
    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = readFileSync(path.join(outbox, files[0] as string), 'utf8');
    expect(eml).toMatch(/^To: b@example\.com$/m);
    expect(eml).toMatch(/^Subject: Receipt$/m);
    await mail.close();
  });

  it('sends later without the caller waiting, and finishes what is in flight before closing', async () => {
    const later = mkdtempSync(path.join(tmpdir(), 'miaobi-outbox-later-'));
    const warned: string[] = [];
    const log = createLogger('warn', (line) => warned.push(line));
    try {
      const mail = createMailProvider(loadEnv({ DATA_DIR: later }), log);
      const outbox = path.join(later, 'outbox');
      mail.later({ to: 'c@example.com', subject: '收据', text: '您好', html: '<p>您好</p>' });
      mail.later({ to: 'd@example.com', subject: '收据', text: '您好', html: '<p>您好</p>' });
      await mail.close();
      expect(readdirSync(outbox)).toHaveLength(2);

      // A mail that cannot be written is logged, and the caller never sees it.
      rmSync(outbox, { recursive: true });
      writeFileSync(outbox, 'not a folder');
      const broken = createMailProvider(loadEnv({ DATA_DIR: later }), log);
      broken.later({ to: 'e@example.com', subject: '收据', text: '您好', html: '<p>您好</p>' });
      await broken.close();
      expect(warned.some((l) => l.includes('mail failed') && l.includes('e@example.com'))).toBe(true);
    } finally {
      rmSync(later, { recursive: true, force: true });
    }
  });
});
