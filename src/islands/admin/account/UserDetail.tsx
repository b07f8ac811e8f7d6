import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleCall } from '../../../lib/api';
import { type IslandI18nProps, IslandRoot } from '../../../lib/island-i18n';
import type { Role } from '../../../shared/admin';
import type { UserDetail as Detail } from '../../../shared/contract/account-console';
import { card, day, yuan } from '../ui/format';
import { TableCard } from '../ui/TableCard';
import { UserActions } from './UserActions';
import { UserSessions, when } from './UserSessions';

type Used = Detail['quota']['chat'];

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

function Card({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className={card} aria-labelledby={id}>
      <h2 id={id} className="mb-2 font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function DetailView({ userId, consoleRole }: { userId: number; consoleRole: Role }) {
  const { t } = useTranslation();
  const [user, setUser] = useState<Detail | null>(null);
  const [error, setError] = useState('');
  const [deleted, setDeleted] = useState(false);
  const load = useCallback(
    () =>
      void consoleCall('GET', `/admin/users/${userId}`).then((res) =>
        res.ok ? setUser(res.data) : setError(res.result || t('admin:error')),
      ),
    [userId, t],
  );
  useEffect(load, [load]);
  if (deleted) return <p role="status">{t('admin:user.deleted')}</p>;
  if (error) return <p role="alert">{error}</p>;
  if (!user) return <p role="status">{t('admin:loading')}</p>;
  const used = (u: Used) => `${u.used} / ${u.limit ?? t('admin:user.unlimited')}`;
  const h = (k: string) => t(`admin:user.${k}`);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card id="profile-title" title={h('profile')}>
        <Rows
          rows={[
            ['users.id', user.id],
            ['users.email', user.email ?? '—'],
            ['users.nickname', user.nickname ?? '—'],
            ['user.wechat', user.wechatOpenId ?? '—'],
            ['user.phone', user.phone ?? '—'],
            ['users.role', t(`admin:role.${user.role}`)],
            ['user.created', day(user.createdAt)],
            ['user.lastSeen', when(user.lastSeenAt)],
            ['users.state', t(user.bannedAt ? 'admin:users.banned' : 'admin:users.active')],
            ['user.sessions', user.sessions.length],
          ]}
        />
      </Card>
      <Card id="member-title" title={h('membership')}>
        <Rows
          rows={[
            ['user.vipType', user.vipType ?? '—'],
            ['user.vipStart', day(user.startDate)],
            ['user.vipEnd', day(user.endDate)],
            ['user.plusType', user.plusType ?? '—'],
            ['user.plusStart', day(user.startDatePlus)],
            ['user.plusEnd', day(user.endDatePlus)],
            ['user.compositions', user.compositionsLeft],
            ['user.credits', user.credits.balance],
            ['user.creditsHeld', user.credits.held],
          ]}
        />
      </Card>
      <Card id="quota-title" title={h('quota')}>
        <Rows
          rows={[
            ['user.quota.chat', used(user.quota.chat)],
            ['user.quota.draw', used(user.quota.draw)],
            ['user.quota.music', used(user.quota.music)],
          ]}
        />
      </Card>
      <UserActions
        userId={user.id}
        refusal={user.refusal}
        banned={Boolean(user.bannedAt)}
        hasEmail={Boolean(user.email)}
        consoleRole={consoleRole}
        onDone={load}
        onDeleted={() => setDeleted(true)}
      />
      <UserSessions
        userId={user.id}
        sessions={user.sessions}
        signIns={user.signIns}
        mayAct={!user.refusal}
        onDone={load}
      />
      <TableCard
        id="user-orders"
        className="lg:col-span-2"
        title={h('orders')}
        empty={h('noOrders')}
        head={[h('orderNo'), h('product'), h('price'), h('status')]}
        rows={user.orders.map((o) => [o.orderNo, o.orderDesc, yuan(o.orderPrice), t(`shop:status.${o.orderStatus}`)])}
      />
      <TableCard
        id="user-drawings"
        title={h('drawings')}
        empty={h('none')}
        head={[h('createdAt'), h('prompt'), h('status')]}
        rows={user.drawings.map((d) => [when(d.createdAt), d.prompt, t(`admin:user.drawStatus.${d.status}`)])}
      />
      <TableCard
        id="user-songs"
        title={h('songs')}
        empty={h('none')}
        head={[h('createdAt'), h('title'), h('status')]}
        rows={user.songs.map((s) => [when(s.createdAt), s.title, t(`admin:user.songStatus.${s.status}`)])}
      />
      <TableCard
        id="user-apps"
        title={h('apps')}
        empty={h('none')}
        head={[h('createdAt'), h('title'), h('status')]}
        rows={user.apps.map((a) => [when(a.createdAt), a.title, h(a.published ? 'published' : 'private')])}
      />
    </div>
  );
}

export function UserDetail(props: IslandI18nProps & { userId: number; consoleRole: Role }) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="admin">
      <DetailView userId={props.userId} consoleRole={props.consoleRole} />
    </IslandRoot>
  );
}
