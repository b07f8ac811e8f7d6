import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleCall } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import type { BuiltinAppBases as Data } from '../../../shared/contract/knowledge-console';
import { card, field } from '../ui/format';

/**
 * Admins give a built-in app (it has no author) a knowledge base an admin owns: everyone chatting
 * with the app has it searched (docs/knowledge.md#an-apps-base).
 */
export function BuiltinAppBases() {
  const { t } = useTranslation();
  const k = (key: string) => t(`knowledge:console.apps.${key}`);
  const [data, setData] = useState<Data | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(
    () =>
      consoleCall('GET', '/admin/knowledge/apps').then((res) =>
        res.ok ? setData(res.data) : setError(res.result || t('admin:error')),
      ),
    [t],
  );
  useEffect(() => {
    void load();
  }, [load]);
  const choose = async (id: number, baseId: number | null) => {
    const res = await consoleCall('POST', `/admin/knowledge/apps/${id}`, { baseId, requestId: crypto.randomUUID() });
    if (res.ok) toast.success(k('saved'));
    else toast.error(res.result || t('admin:error'));
    await load();
  };
  if (error) return <p role="alert">{error}</p>;
  if (!data) return <p role="status">{t('admin:loading')}</p>;
  return (
    <section className={card} aria-labelledby="kb-builtin-apps">
      <h2 id="kb-builtin-apps" className="mb-1 font-semibold">
        {k('title')}
      </h2>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{data.bases.length ? k('hint') : k('noBases')}</p>
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {data.apps.map((a) => (
          <li key={a.id} className="flex items-center justify-between gap-3 py-2 text-sm">
            <label htmlFor={`kb-app-${a.id}`} className="min-w-0 truncate">
              {a.promptTitle}
            </label>
            <select
              id={`kb-app-${a.id}`}
              className={`${field} max-w-64`}
              value={a.knowledgeBaseId ?? ''}
              onChange={(e) => void choose(a.id, e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">{k('none')}</option>
              {data.bases.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name} ({b.ownerEmail})
                </option>
              ))}
            </select>
          </li>
        ))}
      </ul>
    </section>
  );
}
