import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestMailServer {
  url: string;
  messages: ParsedMail[];
  /** The newest message to `to`, waiting for it to arrive. */
  waitFor(to: string, after?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback that keeps what nodemailer delivers. */
export async function startMailServer(): Promise<TestMailServer> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.push(mail);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as { port: number };
  const addressed = (m: ParsedMail, to: string) =>
    (Array.isArray(m.to) ? m.to : [m.to]).some((a) =>
      a?.value.some((v) => v.address?.toLowerCase() === to.toLowerCase()),
    );
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(to, after = 0) {
      for (let i = 0; i < 100; i++) {
        const found = messages
          .slice(after)
          .filter((m) => addressed(m, to))
          .at(-1);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no mail to ${to}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The code as the e-mail shows it to a person. */
export function codeFrom(mail: ParsedMail): string {
  const m = /[:：]\s*([A-Z0-9]{6})[，,]/.exec(mail.text ?? '');
  if (!m?.[1]) throw new Error(`no code in mail: ${mail.text}`);
  return m[1];
}
