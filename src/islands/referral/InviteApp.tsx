import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginGate } from '../../components/LoginGate';
import { type IslandI18nProps, IslandRoot } from '../../lib/island-i18n';
import { InviteLink } from './InviteLink';
import { listWithdrawals, type MyReferral, percent, readReferral, type Withdrawal, yuan } from './referral-api';
import { Withdrawals } from './Withdrawals';
import { WithdrawForm } from './WithdrawForm';

const card = 'rounded-2xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800';

function Figures({ items }: { items: { key: string; value: string }[] }) {
  const { t } = useTranslation();
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map((i) => (
        <div key={i.key} className={card}>
          <dt className="text-xs text-slate-600 dark:text-slate-300">{t(i.key)}</dt>
          <dd className="mt-1 text-xl font-semibold text-slate-900 dark:text-white" data-testid={i.key}>
            {i.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Rules({ r }: { r: MyReferral['rules'] }) {
  const { t } = useTranslation();
  const level2 = r.level2Bp > 0 ? t('rules.level2', { level2: percent(r.level2Bp) }) : '';
  // Each side's reward is days, credits or both, as the console sets them.
  const reward = (days: number, credits: number) =>
    [days > 0 ? t('rules.days', { count: days }) : '', credits > 0 ? t('rules.credits', { count: credits }) : '']
      .filter(Boolean)
      .join(t('rules.and')) || t('rules.nothing');
  const on = r.inviterDays + r.inviteeDays + r.inviterCredits + r.inviteeCredits > 0;
  return (
    <ul className="list-disc space-y-1 ps-5 text-sm text-slate-600 dark:text-slate-300">
      <li>
        {on
          ? t('rules.reward', {
              inviter: reward(r.inviterDays, r.inviterCredits),
              invitee: reward(r.inviteeDays, r.inviteeCredits),
            })
          : t('rules.rewardOff')}
      </li>
      {r.level1Bp > 0 && <li>{t('rules.commission', { level1: percent(r.level1Bp), level2, days: r.holdDays })}</li>}
    </ul>
  );
}

function Invites() {
  const { t } = useTranslation();
  const [me, setMe] = useState<MyReferral | null>(null);
  const [list, setList] = useState<Withdrawal[]>([]);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async () => {
    const [mine, withdrawals] = await Promise.all([readReferral(), listWithdrawals(1)]);
    if (mine.kind === 'reply') setMe(mine.data);
    else setFailed(true);
    if (withdrawals.kind === 'reply') setList(withdrawals.data.records);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  if (failed) return <p role="alert">{t('page.failed')}</p>;
  if (!me) return <p role="status">{t('page.loading')}</p>;
  return (
    <div className="space-y-6">
      <section className={`${card} space-y-4`}>
        <InviteLink code={me.code} />
        <Rules r={me.rules} />
      </section>
      <Figures
        items={[
          { key: 'stats.invitees', value: String(me.invitees) },
          { key: 'stats.converted', value: String(me.converted) },
          { key: 'stats.rewardDays', value: String(me.rewardDays) },
          { key: 'balance.held', value: `¥${yuan(me.held)}` },
          { key: 'balance.available', value: `¥${yuan(me.available)}` },
          { key: 'balance.withdrawing', value: `¥${yuan(me.withdrawing)}` },
          ...(me.debt > 0 ? [{ key: 'balance.debt', value: `¥${yuan(me.debt)}` }] : []),
        ]}
      />
      <section className={`${card} space-y-3`} aria-labelledby="withdraw-title">
        <h2 id="withdraw-title" className="font-semibold">
          {t('withdraw.title')}
        </h2>
        <WithdrawForm available={me.available} min={me.rules.withdrawMin} onDone={() => void load()} />
      </section>
      <section className={`${card} space-y-3`} aria-labelledby="history-title">
        <h2 id="history-title" className="font-semibold">
          {t('history.title')}
        </h2>
        <Withdrawals records={list} />
      </section>
    </div>
  );
}

function Gate() {
  const { t } = useTranslation();
  return (
    <LoginGate message={t('page.login')} login={t('layout:account.login')}>
      <Invites />
    </LoginGate>
  );
}

/** The /invite island: the caller's link and QR, invites, rewards, commission and withdrawals. */
export function InviteIsland(props: IslandI18nProps) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="referral">
      <Gate />
    </IslandRoot>
  );
}
