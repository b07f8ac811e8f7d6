import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../stores/user';

/** One membership as a person reads it: its name and when it ends (or ended). */
function Tier({ name, end }: { name: string; end: string | null }) {
  const { t } = useTranslation();
  const day = end ? dayjs(end).format('YYYY-MM-DD') : null;
  const expired = end !== null && dayjs(end).isBefore(dayjs());
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-500/20 dark:text-amber-100">
        {name}
      </span>
      {day && (
        <span
          className={`text-sm tabular-nums ${expired ? 'text-slate-600 dark:text-slate-300' : 'text-slate-700 dark:text-slate-200'}`}
        >
          {t(expired ? 'account:profile.endedOn' : 'account:profile.until', { end: day })}
        </span>
      )}
    </p>
  );
}

/** Membership: its name and end date for each tier held (docs/api.md); nothing at all without one. */
export function Membership({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  if (user.vipType === null && user.plusType === null) return null;
  return (
    <section aria-labelledby="profile-membership" className="rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60">
      <h3
        id="profile-membership"
        className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-300"
      >
        {t('account:profile.membership')}
      </h3>
      <div className="mt-2 space-y-2">
        {user.vipType !== null && <Tier name={t('account:profile.vipName')} end={user.endDate} />}
        {user.plusType !== null && <Tier name={t('account:profile.plusName')} end={user.endDatePlus} />}
      </div>
    </section>
  );
}
