import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';
import { Form } from '../../../components/Form';
import { consoleCall } from '../../../lib/api';
import { type IslandI18nProps, IslandRoot } from '../../../lib/island-i18n';
import type { UserSearchRow } from '../../../shared/contract/account-console';
import { card, day, field } from '../ui/format';

function UsersView() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [rows, setRows] = useState<UserSearchRow[] | null>(null);
  const [error, setError] = useState('');
  async function search(e: FormEvent) {
    e.preventDefault();
    const res = await consoleCall('GET', '/admin/users', { q });
    if (res.ok) setRows(res.data);
    else setError(res.result || t('admin:error'));
  }
  return (
    <div className="space-y-4">
      <search>
        <Form onSubmit={(e) => void search(e)} className="flex flex-col gap-2 sm:flex-row">
          <label className="sr-only" htmlFor="user-q">
            {t('admin:users.search')}
          </label>
          <input
            id="user-q"
            type="search"
            className={field}
            placeholder={t('admin:users.placeholder')}
            value={q}
            maxLength={200}
            onChange={(e) => setQ(e.target.value)}
          />
          <button type="submit" className={buttonClass('primary')}>
            {t('admin:users.go')}
          </button>
        </Form>
      </search>
      {error && <p role="alert">{error}</p>}
      {rows && rows.length === 0 && <p role="status">{t('admin:users.none')}</p>}
      {rows && rows.length > 0 && (
        <div className={`${card} overflow-x-auto`}>
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col">{t('admin:users.id')}</th>
                <th scope="col">{t('admin:users.email')}</th>
                <th scope="col">{t('admin:users.nickname')}</th>
                <th scope="col">{t('admin:users.role')}</th>
                <th scope="col">{t('admin:users.memberUntil')}</th>
                <th scope="col">{t('admin:users.state')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-t border-slate-100 dark:border-slate-800">
                  <td>
                    <a className="text-brand-700 underline dark:text-brand-300" href={`/admin/users/${r.id}`}>
                      {r.id}
                    </a>
                  </td>
                  <td>
                    <a className="text-brand-700 underline dark:text-brand-300" href={`/admin/users/${r.id}`}>
                      {r.email ?? '—'}
                    </a>
                  </td>
                  <td>{r.nickname ?? '—'}</td>
                  <td>{t(`admin:role.${r.role}`)}</td>
                  <td>{day(r.endDate)}</td>
                  <td>{t(r.bannedAt ? 'admin:users.banned' : 'admin:users.active')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export function Users(props: IslandI18nProps) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="admin">
      <UsersView />
    </IslandRoot>
  );
}
