import { eq } from 'drizzle-orm';
import { i18nOf, isLanguage } from '../../../shared/i18n';
import { type Order, type User, users } from '../../db/schema';
import type { Runtime } from '../../runtime';
import { localText } from './products';

const yuan = (fen: number) => (fen / 100).toFixed(2);

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Whom a mail about an order goes to: the owner's address and language (a row the caller already read). */
export type Recipient = Pick<User, 'email' | 'language'>;

/** The order's owner with an address, and a translator in their language; null for users without e-mail. */
async function recipient(rt: Runtime, userId: number, known?: Recipient) {
  const [user] = known ? [known] : await rt.database.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user?.email) return null;
  const lang = isLanguage(user.language) ? user.language : 'zh-CN';
  return { email: user.email, lang, t: i18nOf(lang).t };
}

/** Tells the user a refund was made: how much, whole or partial, and what of the benefit was taken back. */
export async function sendRefundMail(rt: Runtime, order: Order, r: { amount: number; units: number }) {
  const to = await recipient(rt, order.userId);
  if (!to) return;
  const { t } = to;
  const desc = localText(order.orderDesc, order.orderDescNames, to.lang);
  const whole = order.refundedAmount >= order.orderPrice;
  const unit = order.productType === 4 ? 'compositions' : 'days';
  const lines = [
    t('shop:order.receipt.greeting'),
    t(whole ? 'shop:order.refund.whole' : 'shop:order.refund.partial', { desc, amount: yuan(r.amount) }),
    ...(r.units > 0 ? [t(`shop:order.refund.${unit}`, { count: r.units })] : []),
    `${t('shop:order.field.orderNo')}: ${order.orderNo}`,
    `${rt.env.PUBLIC_ORIGIN}/order`,
    t('account:mail.signature'),
  ];
  await rt.mail.send({
    to: to.email,
    subject: t('shop:order.refund.subject', { desc }),
    text: lines.join('\n\n'),
    html: lines.map((l) => `<p>${esc(l)}</p>`).join(''),
  });
}

/** E-mails a receipt for a paid order to users who have an address, behind the answer; a late payment says so. */
export async function sendReceipt(rt: Runtime, order: Order, opts: { late?: boolean; to?: Recipient } = {}) {
  const to = await recipient(rt, order.userId, opts.to);
  if (!to) return;
  const { t } = to;
  const desc = localText(order.orderDesc, order.orderDescNames, to.lang);
  const lines = [
    t('shop:order.receipt.greeting'),
    t('shop:order.receipt.body', { desc }),
    ...(opts.late ? [t('shop:order.late.receipt')] : []),
    `${t('shop:order.field.orderNo')}: ${order.orderNo}`,
    `${t('shop:order.field.amount')}: ¥${yuan(order.orderPrice)}`,
    `${t('shop:order.field.paidAt')}: ${(order.paidAt ?? new Date()).toISOString().replace('T', ' ').slice(0, 19)} UTC`,
    `${rt.env.PUBLIC_ORIGIN}/order`,
    t('account:mail.signature'),
  ];
  // The payment is committed: its answer (or the service's acknowledgement) does not wait for the mail.
  rt.mail.later({
    to: to.email,
    subject: t('shop:order.receipt.subject', { desc }),
    text: lines.join('\n\n'),
    html: lines.map((l) => `<p>${esc(l)}</p>`).join(''),
  });
}
