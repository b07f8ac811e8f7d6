import { useStore } from '@nanostores/react';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { LoginGate } from '../../components/LoginGate';
import { type IslandI18nProps, IslandRoot } from '../../lib/island-i18n';
import { $credits } from '../../stores/credits';
import { CheckInButton } from './CheckInButton';
import { type CreditHistory, readCredits, readHistory } from './credits-api';

const card = 'rounded-2xl bg-white p-5 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800';
const PAGE_SIZE = 20;

type History = { status: 'loading' } | { status: 'ready'; page: CreditHistory } | { status: 'failed' };

/** A movement's reason as a person reads it: what a spend paid for, else why credits moved. */
function useReasonText() {
  const { t } = useTranslation();
  return (m: { reason: string; kind: string | null }) =>
    m.reason === 'spend' && m.kind
      ? `${t('credits:reason.spend')} · ${t(`credits:kind.${m.kind}`)}`
      : t(`credits:reason.${m.reason}`);
}

function Credits() {
  const { t, i18n } = useTranslation();
  const credits = useStore($credits);
  const reasonText = useReasonText();
  const [pageNum, setPageNum] = useState(1);
  const [history, setHistory] = useState<History>({ status: 'loading' });
  const load = useCallback(async (page: number) => {
    const [balance, list] = await Promise.all([readCredits(), readHistory(page, PAGE_SIZE)]);
    if (balance.kind === 'reply') $credits.set(balance.data);
    setHistory(list.kind === 'reply' ? { status: 'ready', page: list.data } : { status: 'failed' });
  }, []);
  useEffect(() => {
    void load(pageNum);
  }, [load, pageNum]);
  const n = (v: number) => v.toLocaleString(i18n.language);
  const pages = history.status === 'ready' ? Math.max(1, Math.ceil(history.page.total / PAGE_SIZE)) : 1;

  return (
    <div className="flex flex-col gap-5">
      <section
        className={`${card} flex flex-wrap items-center justify-between gap-4`}
        aria-labelledby="credits-balance"
      >
        <div>
          <h2 id="credits-balance" className="text-sm text-slate-600 dark:text-slate-300">
            {t('credits:page.balance')}
          </h2>
          <p
            data-testid="credits-balance"
            className="text-3xl font-semibold tabular-nums text-slate-900 dark:text-white"
          >
            {credits ? n(credits.balance) : '—'}
          </p>
          {credits && (
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
              {credits.held > 0 && `${t('credits:page.held', { held: n(credits.held) })} · `}
              {t('credits:page.streak', { count: credits.streak })}
              {!credits.checkedInToday && ` · ${t('credits:page.nextReward', { reward: n(credits.nextReward) })}`}
            </p>
          )}
        </div>
        <CheckInButton onDone={() => (pageNum === 1 ? void load(1) : setPageNum(1))} />
      </section>
      <section className={card} aria-labelledby="credits-history">
        <h2 id="credits-history" className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">
          {t('credits:page.history')}
        </h2>
        {history.status === 'failed' && <p role="alert">{t('credits:page.failed')}</p>}
        {history.status === 'ready' && history.page.records.length === 0 && (
          <p className="py-8 text-center text-slate-600 dark:text-slate-300">{t('credits:page.empty')}</p>
        )}
        {history.status === 'ready' && history.page.records.length > 0 && (
          <table className="w-full text-sm" data-testid="credits-history">
            <thead>
              <tr className="text-left text-slate-600 dark:text-slate-300">
                <th className="py-2 font-medium">{t('credits:page.when')}</th>
                <th className="py-2 font-medium">{t('credits:page.what')}</th>
                <th className="py-2 text-right font-medium">{t('credits:page.change')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {history.page.records.map((m) => (
                <tr key={m.id}>
                  <td className="py-2 tabular-nums text-slate-600 dark:text-slate-300">
                    {dayjs(m.createdAt).format('YYYY-MM-DD HH:mm')}
                  </td>
                  <td className="py-2 text-slate-800 dark:text-slate-100">{reasonText(m)}</td>
                  <td
                    className={`py-2 text-right font-medium tabular-nums ${m.amount > 0 ? 'text-emerald-700 dark:text-emerald-300' : 'text-slate-800 dark:text-slate-100'}`}
                  >
                    {m.amount > 0 ? `+${n(m.amount)}` : n(m.amount)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {pages > 1 && (
          <div className="mt-4 flex items-center justify-end gap-2">
            <button
              type="button"
              className={buttonClass('secondary')}
              disabled={pageNum <= 1}
              onClick={() => setPageNum(pageNum - 1)}
            >
              {t('credits:page.prev')}
            </button>
            <span className="text-sm tabular-nums text-slate-600 dark:text-slate-300">
              {pageNum} / {pages}
            </span>
            <button
              type="button"
              className={buttonClass('secondary')}
              disabled={pageNum >= pages}
              onClick={() => setPageNum(pageNum + 1)}
            >
              {t('credits:page.next')}
            </button>
          </div>
        )}
      </section>
    </div>
  );
}

function Gate() {
  const { t } = useTranslation();
  return (
    <LoginGate message={t('credits:page.login')} login={t('layout:account.login')}>
      <Credits />
    </LoginGate>
  );
}

/** The /credits island: balance, check-in and every change with its reason, page by page. */
export function CreditsIsland(props: IslandI18nProps) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="credits">
      <Gate />
    </IslandRoot>
  );
}
