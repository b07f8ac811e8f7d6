import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';
import { consoleCall } from '../../../lib/api';
import { type IslandI18nProps, IslandRoot } from '../../../lib/island-i18n';
import type { KnowledgeConsoleReport } from '../../../shared/contract/knowledge-console';
import { formatBytes } from '../../knowledge/knowledge-api';
import { Pager } from '../ui/Pager';
import { TableCard } from '../ui/TableCard';
import { BuiltinAppBases } from './BuiltinAppBases';

const SIZE = 20;

function KnowledgeView() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState({ search: '', page: 1 });
  const [data, setData] = useState<KnowledgeConsoleReport | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    setError('');
    const q = { page: query.page, size: SIZE, ...(query.search ? { search: query.search } : {}) };
    void consoleCall('GET', '/admin/knowledge', q).then((res) =>
      res.ok ? setData(res.data) : setError(res.result || t('admin:error')),
    );
  }, [query, t]);
  const k = (key: string, params?: Record<string, unknown>) => t(`knowledge:console.${key}`, params ?? {});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setQuery({ search: search.trim(), page: 1 });
  };
  const head = [k('user'), k('bases'), k('files'), k('size'), k('chunks'), k('failed'), k('working'), k('lastAdded')];
  const rows = (data?.users ?? []).map((u) => [
    u.email ?? u.nickname ?? String(u.userId),
    u.bases,
    u.files,
    formatBytes(u.bytes),
    u.chunks,
    u.failed,
    u.working,
    u.lastAddedAt ? u.lastAddedAt.slice(0, 16).replace('T', ' ') : '',
  ]);
  return (
    <div className="space-y-4">
      <form onSubmit={submit} className="flex gap-2">
        <label className="sr-only" htmlFor="kb-console-search">
          {k('search')}
        </label>
        <input
          id="kb-console-search"
          maxLength={100}
          value={search}
          placeholder={k('search')}
          onChange={(e) => setSearch(e.target.value)}
          className="min-w-0 flex-1 rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
        />
        <button type="submit" className={buttonClass('secondary')}>
          {t('knowledge:searchButton')}
        </button>
      </form>
      {error && <p role="alert">{error}</p>}
      {!data ? (
        !error && <p role="status">{t('admin:loading')}</p>
      ) : (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {k('totals', { ...data.totals, size: formatBytes(data.totals.bytes) })}
            {' · '}
            {k('mode', { mode: t(`knowledge:mode.${data.mode}`), index: k(`index.${data.vectorIndex}`) })}
          </p>
          <TableCard id="knowledge-users" title={k('title')} head={head} rows={rows} empty={k('empty')} />
          <Pager
            label={k('title')}
            page={query.page}
            total={data.total}
            size={SIZE}
            onPage={(page) => setQuery({ ...query, page })}
          />
        </>
      )}
    </div>
  );
}

/**
 * The console's knowledge-base page: per user, size, files and failures (docs/console.md); for
 * admins also the built-in apps' bases.
 */
export function KnowledgeUsers(props: IslandI18nProps & { admin: boolean }) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="admin">
      <KnowledgeView />
      {props.admin && (
        <div className="mt-6">
          <BuiltinAppBases />
        </div>
      )}
    </IslandRoot>
  );
}
