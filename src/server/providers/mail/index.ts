import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Env } from '../../config/env';
import type { Logger } from '../../log';
import { createFileWriter } from './file-writer';
import type { MailProvider } from './types';

export type { MailMessage, MailProvider } from './types';

/**
 * SMTP through nodemailer when SMTP_URL is set. Otherwise nodemailer still
 * builds the real message, and it is written to DATA_DIR/outbox as an .eml
 * file anyone can open, with its subject and recipient logged.
 */
export function createMailProvider(env: Env, log: Logger): MailProvider {
  const transport = lazyTransport(env.SMTP_URL);
  const files = createFileWriter();
  const send = env.SMTP_URL ? smtpSender(env, transport) : outboxSender(env, log, transport, files);
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
      transport.close();
      await files.close();
    },
  };
}

type Send = MailProvider['send'];
type FileWriter = ReturnType<typeof createFileWriter>;

function smtpSender(env: Env, transport: ReturnType<typeof lazyTransport>): Send {
  return async (m) => {
    await (await transport.get()).sendMail({ from: env.MAIL_FROM, ...m });
  };
}

function outboxSender(env: Env, log: Logger, transport: ReturnType<typeof lazyTransport>, files: FileWriter): Send {
  const outbox = path.join(env.DATA_DIR, 'outbox');
  return async (m) => {
    const info = await (await transport.get()).sendMail({ from: env.MAIL_FROM, ...m });
    const file = path.join(
      outbox,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
    );
    await files.write(file, info.message as Buffer);
    log.info('mail written to outbox', { to: m.to, subject: m.subject, file });
  };
}

/** nodemailer (~20 MB, ~0.4 s to load) is imported by the first mail, not at start-up. */
function lazyTransport(smtpUrl: string | undefined) {
  let made: Promise<Transporter> | null = null;
  return {
    get() {
      made ??= import('nodemailer').then(({ default: nodemailer }) =>
        smtpUrl
          ? nodemailer.createTransport(smtpUrl)
          : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
      );
      return made;
    },
    close() {
      void made?.then((t) => t.close()).catch(() => {});
    },
  };
}
