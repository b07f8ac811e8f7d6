import { escapeHtml } from '../../../shared/escape-html';
import { i18nOf } from '../../../shared/i18n';
import type { Language } from '../../../shared/languages';
import type { Complaint } from '../../db/schema';
import type { Runtime } from '../../runtime';

function send(rt: Runtime, to: string, subject: string, lines: string[]) {
  return rt.mail.send({
    to,
    subject,
    text: lines.join('\n\n'),
    html: lines.map((l) => `<p>${escapeHtml(l).replace(/\n/g, '<br>')}</p>`).join(''),
  });
}

const languageOf = (c: Complaint) => c.language as Language;

/** The filer's receipt: the ticket number, the promised handling time and where to follow it. */
export function sendTicketMail(rt: Runtime, c: Complaint, days: number) {
  const { t } = i18nOf(languageOf(c));
  return send(rt, c.email, t('compliance:mail.ticketSubject', { ticket: c.ticket }), [
    t('compliance:mail.ticketBody', { ticket: c.ticket, days }),
    `${t('compliance:field.category')}: ${t(`compliance:category.${c.category}`)}`,
    `${t('compliance:field.address')}: ${c.address}`,
    `${rt.env.PUBLIC_ORIGIN}/complaint`,
    t('account:mail.signature'),
  ]);
}

/** An operator's reply, as stored. */
export function sendReplyMail(rt: Runtime, c: Complaint, reply: string) {
  const { t } = i18nOf(languageOf(c));
  return send(rt, c.email, t('compliance:mail.replySubject', { ticket: c.ticket }), [
    t('compliance:mail.replyBody', { ticket: c.ticket }),
    reply,
    `${rt.env.PUBLIC_ORIGIN}/complaint`,
    t('account:mail.signature'),
  ]);
}
