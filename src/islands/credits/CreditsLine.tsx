import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $credits } from '../../stores/credits';
import { CheckInButton } from './CheckInButton';
import { readCredits } from './credits-api';

/**
 * The profile's credit line: balance, a link to the history, and today's check-in. Its box is there
 * from the first render, the balance a dash until it loads: the line appearing late pushed the
 * profile's buttons down under a pointer already on its way to one of them.
 */
export function CreditsLine() {
  const { t, i18n } = useTranslation();
  const credits = useStore($credits);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    void readCredits().then((r) => {
      if (r.kind === 'reply') $credits.set(r.data);
      else setFailed(true);
    });
  }, []);
  if (!credits && failed) return null;
  return (
    <section
      aria-labelledby="profile-credits"
      aria-busy={!credits}
      className="flex items-center justify-between gap-3 rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60"
    >
      <div>
        <h3
          id="profile-credits"
          className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-300"
        >
          {t('credits:page.balance')}
        </h3>
        {credits ? (
          <a
            href="/credits"
            data-testid="profile-credits"
            className="text-lg font-semibold tabular-nums text-slate-900 hover:text-brand-700 dark:text-white"
          >
            {credits.balance.toLocaleString(i18n.language)}
          </a>
        ) : (
          <span className="block text-lg font-semibold text-slate-400 dark:text-slate-500">—</span>
        )}
      </div>
      <CheckInButton />
    </section>
  );
}
