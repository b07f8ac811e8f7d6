import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { $credits } from '../../stores/credits';
import { CheckInButton } from './CheckInButton';
import { readCredits } from './credits-api';

/** The profile's credit line: balance, a link to the history, and today's check-in. */
export function CreditsLine() {
  const { t, i18n } = useTranslation();
  const credits = useStore($credits);
  useEffect(() => {
    void readCredits().then((r) => {
      if (r.kind === 'reply') $credits.set(r.data);
    });
  }, []);
  if (!credits) return null;
  return (
    <section
      aria-labelledby="profile-credits"
      className="flex items-center justify-between gap-3 rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60"
    >
      <div>
        <h3
          id="profile-credits"
          className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-300"
        >
          {t('credits:page.balance')}
        </h3>
        <a
          href="/credits"
          data-testid="profile-credits"
          className="text-lg font-semibold tabular-nums text-slate-900 hover:text-brand-700 dark:text-white"
        >
          {credits.balance.toLocaleString(i18n.language)}
        </a>
      </div>
      <CheckInButton />
    </section>
  );
}
