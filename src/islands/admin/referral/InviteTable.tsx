import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';
import { consoleCall } from '../../../lib/api';
import type { ConsoleInvite } from '../../../shared/contract/referral-console';
import { field } from '../ui/format';
import { Pager } from '../ui/Pager';
import { TableCard } from '../ui/TableCard';

const SIZE = 20;

/** Invites with their sign-up signals: many invites on one address or device are how a farm shows. */
export function InviteTable() {
  const { t } = useTranslation();
  const r = (key: string, params?: Record<string, unknown>) => t(`referral:console.${key}`, params ?? {});
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState({ user: '', page: 1 });
  const [data, setData] = useState<{ records: ConsoleInvite[]; total: number } | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    setError('');
    const q = { pageNum: query.page, pageSize: SIZE, ...(query.user ? { user: query.user } : {}) };
    void consoleCall('GET', '/admin/referral/invites', q).then((res) =>
      res.ok ? setData(res.data) : setError(res.result || t('admin:error')),
    );
  }, [query, t]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setQuery({ user: search.trim(), page: 1 });
  };
  const head = [r('inviter'), r('invitee'), r('signedUp'), r('ip'), r('device'), r('converted'), r('reward')];
  const rows = (data?.records ?? []).map((i) => [
    i.inviterEmail ?? String(i.inviterId),
    i.inviteeEmail ?? String(i.inviteeId),
    i.createdAt.slice(0, 16).replace('T', ' '),
    `${i.ip} (${i.sameIp})`,
    `${i.uaHash} (${i.sameDevice})`,
    i.convertedAt ? i.convertedAt.slice(0, 16).replace('T', ' ') : '—',
    i.reward ? r(`rewardState.${i.reward}`, { inviter: i.inviterDays, invitee: i.inviteeDays }) : '—',
  ]);
  return (
    <div className="space-y-3">
      <form onSubmit={submit} className="flex gap-2">
        <label className="sr-only" htmlFor="invite-search">
          {r('search')}
        </label>
        <input
          id="invite-search"
          maxLength={200}
          value={search}
          placeholder={r('search')}
          onChange={(e) => setSearch(e.target.value)}
          className={`${field} min-w-0 flex-1`}
        />
        <button type="submit" className={buttonClass('secondary')}>
          {r('searchButton')}
        </button>
      </form>
      {error && <p role="alert">{error}</p>}
      <TableCard id="referral-invites" title={r('invites')} head={head} rows={rows} empty={r('noInvites')} />
      <p className="text-xs text-slate-600 dark:text-slate-300">{r('signalsNote')}</p>
      {data && (
        <Pager
          label={r('invites')}
          page={query.page}
          total={data.total}
          size={SIZE}
          onPage={(page) => setQuery({ ...query, page })}
        />
      )}
    </div>
  );
}
