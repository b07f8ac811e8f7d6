import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { Dialog } from '../../components/Dialog';
import { type IslandI18nProps, IslandRoot } from '../../lib/island-i18n';
import { dateTimeFormat } from '../../shared/date-format';
import type { Language } from '../../shared/languages';
import { ClaimPanel } from './ClaimPanel';
import { ClaimHistory, CodeCard } from './CodeCard';
import { RedeemDialog } from './RedeemDialog';
import { useCoupon } from './use-coupon';

export interface ActivitiesProps {
  /** activity, common and layout texts in `lang` (island-messages.ts). */
  messages: IslandI18nProps['messages'];
  lang: Language;
  timeZone: string;
}

function useFormatTime(lang: Language, timeZone: string) {
  return useMemo(() => {
    const f = dateTimeFormat(lang, {
      timeZone,
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    return (iso: string) => f.format(new Date(iso));
  }, [lang, timeZone]);
}

const pulse = 'animate-pulse bg-slate-200 motion-reduce:animate-none dark:bg-slate-800';

/** The claim panel's skeleton (as activities.astro renders it), until the first list answer brings the server's clock. */
function ClaimSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-5" aria-busy="true">
      <span className="sr-only" role="status">
        {t('activity:claim.loading')}
      </span>
      <div className={`h-16 w-64 rounded-xl ${pulse}`} />
      <div className={`h-12 w-48 rounded-full ${pulse}`} />
    </div>
  );
}

function DailyCoupon({ lang, timeZone }: ActivitiesProps) {
  const { t } = useTranslation();
  const { state, now, phase, claim, reload, warning, closeWarning } = useCoupon();
  const [redeemOpen, setRedeemOpen] = useState(false);
  const formatTime = useFormatTime(lang, timeZone);
  const today = phase === 'claimed' ? state.coupons[0] : undefined;
  return (
    <div className="space-y-6">
      {state.timed ? (
        <ClaimPanel
          phase={phase}
          now={now}
          opensAt={state.opensAt}
          leftDailyLimit={state.leftDailyLimit}
          onClaim={() => void claim()}
        />
      ) : (
        !state.failed && <ClaimSkeleton />
      )}
      {state.failed && (
        <p role="alert" className="flex items-center justify-center gap-3 text-sm text-red-700 dark:text-red-300">
          {t('activity:claim.loadFailed')}
          <button type="button" className={buttonClass('secondary')} onClick={() => void reload()}>
            {t('activity:claim.retry')}
          </button>
        </p>
      )}
      {today && <CodeCard coupon={today} formatTime={formatTime} />}
      <ClaimHistory coupons={state.coupons.filter((c) => c !== today)} formatTime={formatTime} />
      <div className="flex justify-center">
        <button type="button" className={buttonClass('secondary')} onClick={() => setRedeemOpen(true)}>
          {t('activity:redeem.open')}
        </button>
      </div>
      <RedeemDialog open={redeemOpen} onClose={() => setRedeemOpen(false)} formatTime={formatTime} />
      <Dialog
        open={warning !== null}
        onClose={closeWarning}
        title={t('activity:warning.title')}
        size="sm"
        footer={
          <button type="button" className={buttonClass('primary')} onClick={closeWarning}>
            {t('activity:warning.ok')}
          </button>
        }
      >
        <p role="alert" className="text-sm leading-6 text-slate-700 dark:text-slate-300">
          {warning}
        </p>
      </Dialog>
    </div>
  );
}

/** /activities: the daily experience code, on the server's clock (client:only; docs/routes-and-screens.md). */
export function Activities(props: ActivitiesProps) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="common">
      <DailyCoupon {...props} />
    </IslandRoot>
  );
}
