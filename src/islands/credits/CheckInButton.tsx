import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { toast } from '../../lib/toast';
import { $credits } from '../../stores/credits';
import { checkIn, readCredits } from './credits-api';

/** Today's check-in: pressed once a day; the balance everywhere refreshes from the reply. */
export function CheckInButton({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const credits = useStore($credits);
  const [busy, setBusy] = useState(false);
  if (!credits) return null;
  const done = credits.checkedInToday;
  const press = async () => {
    setBusy(true);
    const r = await checkIn();
    if (r.kind === 'reply') {
      toast.success(r.result);
      const fresh = await readCredits();
      if (fresh.kind === 'reply') $credits.set(fresh.data);
      onDone?.();
    } else if (r.kind === 'business') toast.error(r.result);
    setBusy(false);
  };
  return (
    <button
      type="button"
      data-testid="check-in"
      disabled={done || busy}
      onClick={() => void press()}
      className={buttonClass(done ? 'secondary' : 'primary')}
    >
      {done ? t('credits:page.checkedIn') : t('credits:page.checkIn')}
    </button>
  );
}
