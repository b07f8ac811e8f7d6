import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type IslandI18nProps, IslandRoot } from '../../lib/island-i18n';
import { call, card, day, yuan } from './admin-api';
import { UserActions } from './UserActions';

interface Detail {
  id: number;
  email: string | null;
  nickname: string | null;
  wechatOpenId: string | null;
  role: string;
  createdAt: string;
  bannedAt: string | null;
  endDate: string | null;
  endDatePlus: string | null;
  compositionsLeft: number;
  liveSessions: number;
  orders: { orderNo: string; orderDesc: string; orderPrice: number; orderStatus: number; createdAt?: string }[];
}

function Rows({ rows }: { rows: [string, string | number][] }) {
  const { t } = useTranslation();
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-slate-600 dark:text-slate-300">{t(`admin:${k}`)}</dt>
          <dd className="break-all" data-testid={k}>
            {v}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function DetailView({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [user, setUser] = useState<Detail | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(
    () =>
      void call<Detail>('GET', `/admin/users/${userId}`).then((res) =>
        res.ok ? setUser(res.data) : setError(res.result || t('admin:error')),
      ),
    [userId, t],
  );
  useEffect(load, [load]);
  if (error) return <p role="alert">{error}</p>;
  if (!user) return <p role="status">{t('admin:loading')}</p>;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section className={card} aria-labelledby="profile-title">
        <h2 id="profile-title" className="mb-2 font-semibold">
          {t('admin:user.profile')}
        </h2>
        <Rows
          rows={[
            ['users.id', user.id],
            ['users.email', user.email ?? '—'],
            ['users.nickname', user.nickname ?? '—'],
            ['user.wechat', user.wechatOpenId ?? '—'],
            ['users.role', t(`admin:role.${user.role}`)],
            ['user.created', day(user.createdAt)],
            ['users.state', t(user.bannedAt ? 'admin:users.banned' : 'admin:users.active')],
            ['user.sessions', user.liveSessions],
          ]}
        />
      </section>
      <section className={card} aria-labelledby="member-title">
        <h2 id="member-title" className="mb-2 font-semibold">
          {t('admin:user.membership')}
        </h2>
        <Rows
          rows={[
            ['user.vipEnd', day(user.endDate)],
            ['user.plusEnd', day(user.endDatePlus)],
            ['user.compositions', user.compositionsLeft],
          ]}
        />
      </section>
      <UserActions userId={user.id} banned={Boolean(user.bannedAt)} onDone={load} />
      <section className={`${card} overflow-x-auto lg:col-span-2`} aria-labelledby="orders-title">
        <h2 id="orders-title" className="mb-2 font-semibold">
          {t('admin:user.orders')}
        </h2>
        {user.orders.length === 0 ? (
          <p>{t('admin:user.noOrders')}</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col">{t('admin:user.orderNo')}</th>
                <th scope="col">{t('admin:user.product')}</th>
                <th scope="col">{t('admin:user.price')}</th>
                <th scope="col">{t('admin:user.status')}</th>
              </tr>
            </thead>
            <tbody>
              {user.orders.map((o) => (
                <tr key={o.orderNo}>
                  <td>{o.orderNo}</td>
                  <td>{o.orderDesc}</td>
                  <td>{yuan(o.orderPrice)}</td>
                  <td>{t(`shop:status.${o.orderStatus}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

export function UserDetail(props: IslandI18nProps & { userId: number }) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="admin">
      <DetailView userId={props.userId} />
    </IslandRoot>
  );
}
