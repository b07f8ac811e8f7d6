import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../stores/user';

const day = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD') : '—');

function Tier({ label, start, end }: { label: string; start: string | null; end: string | null }) {
  const { t } = useTranslation();
  const expired = end !== null && dayjs(end).isBefore(dayjs());
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="rounded-full bg-gradient-to-r from-amber-400 to-orange-500 px-2.5 py-0.5 text-xs font-semibold text-white">
        {label}
      </span>
      <span className="text-sm tabular-nums text-slate-600 dark:text-slate-300">
        {t('login:profile.period', { start: day(start), end: day(end) })}
      </span>
      {expired && <span className="text-xs text-slate-500 dark:text-slate-400">{t('login:profile.expired')}</span>}
    </div>
  );
}

/** Membership: vipType (null is none), its dates, and the plus tier (docs/api.md). */
export function Membership({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="profile-membership" className="rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60">
      <h3
        id="profile-membership"
        className="text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400"
      >
        {t('login:profile.membership')}
      </h3>
      <div className="mt-2 space-y-2">
        {user.vipType === null ? (
          <p className="text-sm text-slate-700 dark:text-slate-200">{t('login:profile.vipNone')}</p>
        ) : (
          <Tier
            label={t('login:profile.vipLevel', { level: user.vipType })}
            start={user.startDate}
            end={user.endDate}
          />
        )}
        {user.plusType !== null && (
          <Tier
            label={t('login:profile.plusLevel', { level: user.plusType })}
            start={user.startDatePlus}
            end={user.endDatePlus}
          />
        )}
      </div>
    </section>
  );
}
