import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Env } from '../../config/env';
import type { Logger } from '../../log';
import { createOutboxThread } from './outbox-thread';
import type { MailProvider } from './types';

export type { MailMessage, MailProvider } from './types';

/**
 * SMTP through nodemailer when SMTP_URL is set. Otherwise nodemailer still
 * builds the real message, on a thread of its own (outbox-thread.ts), and it
 * is written to DATA_DIR/outbox as an .eml file anyone can open, with its
 * subject and recipient logged.
 */
export function createMailProvider(env: Env, log: Logger): MailProvider {
  const transport = env.SMTP_URL ? lazyTransport(env.SMTP_URL) : null;
  const outbox = createOutboxThread(path.join(env.DATA_DIR, 'outbox'));
  const send = transport ? smtpSender(env, transport) : outboxSender(env, log, outbox);
  const inFlight = new Set<Promise<void>>();
  return {
    mode: env.SMTP_URL ? 'smtp' : 'offline',
    send,
    later(m) {
      const sent = send(m)
        .catch((err: Error) => log.warn('mail failed', { to: m.to, subject: m.subject, err: err.message }))
        .finally(() => inFlight.delete(sent));
      inFlight.add(sent);
    },
    async close() {
      await Promise.all(inFlight);
      transport?.close();
      await outbox.close();
    },
  };
}

type Send = MailProvider['send'];

function smtpSender(env: Env, transport: ReturnType<typeof lazyTransport>): Send {
  return async (m) => {
    await (await transport.get()).sendMail({ from: env.MAIL_FROM, ...m });
  };
}

function outboxSender(env: Env, log: Logger, outbox: ReturnType<typeof createOutboxThread>): Send {
  return async (m) => {
    const file = await outbox.write({ from: env.MAIL_FROM, ...m });
    log.info('mail written to outbox', { to: m.to, subject: m.subject, file });
  };
}

/** nodemailer (~20 MB, ~0.4 s to load) is imported by the first mail over SMTP, not at start-up. */
function lazyTransport(smtpUrl: string) {
  let made: Promise<Transporter> | null = null;
  return {
    get() {
      made ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
      return made;
    },
    close() {
      void made?.then((t) => t.close()).catch(() => {});
    },
  };
}
