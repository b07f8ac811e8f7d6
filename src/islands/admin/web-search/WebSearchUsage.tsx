import { useTranslation } from 'react-i18next';
import type { WebSearchConsole } from '../../../shared/contract/web-search-console';
import { card } from '../ui/format';

const yuanOfMicros = (micros: number) => (micros / 1_000_000).toFixed(2);
const cell = 'px-2 py-1 text-left';

/** Searches per day and per service over the last 14 days, from the usage ledger. */
export function WebSearchUsage({ view }: { view: WebSearchConsole }) {
  const { t } = useTranslation();
  const used = view.days.some((d) => d.searches > 0);
  return (
    <section aria-labelledby="web-search-usage" className={`${card} space-y-3`}>
      <h2 id="web-search-usage" className="text-lg font-semibold">
        {t('usage.title')}
      </h2>
      {!used ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('usage.empty')}</p>
      ) : (
        <>
          <table className="w-full text-sm" data-testid="web-search-days">
            <thead>
              <tr>
                <th className={cell}>{t('usage.day')}</th>
                <th className={cell}>{t('usage.searches')}</th>
                <th className={cell}>{t('usage.failed')}</th>
                <th className={cell}>{t('usage.cost')}</th>
              </tr>
            </thead>
            <tbody>
              {view.days
                .filter((d) => d.searches > 0)
                .map((d) => (
                  <tr key={d.day}>
                    <td className={cell}>{d.day}</td>
                    <td className={cell}>{d.searches}</td>
                    <td className={cell}>{d.failed}</td>
                    <td className={cell}>{yuanOfMicros(d.costMicros)}</td>
                  </tr>
                ))}
            </tbody>
          </table>
          <h3 className="font-semibold">{t('usage.providers')}</h3>
          <table className="w-full text-sm">
            <thead>
              <tr>
                <th className={cell}>{t('usage.provider')}</th>
                <th className={cell}>{t('usage.searches')}</th>
                <th className={cell}>{t('usage.failed')}</th>
                <th className={cell}>{t('usage.lastFail')}</th>
              </tr>
            </thead>
            <tbody>
              {view.providers.map((p) => (
                <tr key={p.provider}>
                  <td className={cell}>{t(`provider.${p.provider}`, { defaultValue: p.provider })}</td>
                  <td className={cell}>{p.searches}</td>
                  <td className={cell}>{p.failed}</td>
                  <td className={cell}>{p.lastFailAt ? new Date(p.lastFailAt).toLocaleString() : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
