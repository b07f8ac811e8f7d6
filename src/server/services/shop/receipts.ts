import { eq } from 'drizzle-orm';
import { createI18n, isLanguage } from '../../../shared/i18n';
import { type Order, users } from '../../db/schema';
import type { Runtime } from '../../runtime';
import { localText } from './products';

const yuan = (fen: number) => (fen / 100).toFixed(2);

/** E-mails a receipt for a paid order to users who have an address; a late payment says so. */
export async function sendReceipt(rt: Runtime, order: Order, opts: { late?: boolean } = {}) {
  const [user] = await rt.database.db.select().from(users).where(eq(users.id, order.userId)).limit(1);
  if (!user?.email) return;
  const lang = isLanguage(user.language) ? user.language : 'zh-CN';
  const { t } = createI18n(lang);
  const desc = localText(order.orderDesc, order.orderDescNames, lang);
  const lines = [
    t('order:receipt.greeting'),
    t('order:receipt.body', { desc }),
    ...(opts.late ? [t('order:late.receipt')] : []),
    `${t('order:field.orderNo')}: ${order.orderNo}`,
    `${t('order:field.amount')}: ¥${yuan(order.orderPrice)}`,
    `${t('order:field.paidAt')}: ${(order.paidAt ?? new Date()).toISOString().replace('T', ' ').slice(0, 19)} UTC`,
    `${rt.env.PUBLIC_ORIGIN}/order`,
    t('account:mail.signature'),
  ];
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  await rt.mail.send({
    to: user.email,
    subject: t('order:receipt.subject', { desc }),
    text: lines.join('\n\n'),
    html: lines.map((l) => `<p>${esc(l)}</p>`).join(''),
  });
}
