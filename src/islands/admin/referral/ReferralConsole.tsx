import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleCall } from '../../../lib/api';
import { type IslandI18nProps, IslandRoot } from '../../../lib/island-i18n';
import type { CommissionOverview } from '../../../shared/contract/referral-console';
import { yuan } from '../ui/format';
import { Tiles } from '../ui/Tiles';
import { InviteTable } from './InviteTable';
import { WithdrawalQueue } from './WithdrawalQueue';

function Overview({ version }: { version: number }) {
  const { t } = useTranslation();
  const [data, setData] = useState<CommissionOverview | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    void version;
    void consoleCall('GET', '/admin/referral/overview').then((res) =>
      res.ok ? setData(res.data) : setError(res.result || t('admin:error')),
    );
  }, [version, t]);
  if (error) return <p role="alert">{error}</p>;
  if (!data) return <p role="status">{t('admin:loading')}</p>;
  const money = (key: keyof CommissionOverview) => ({
    label: t(`referral:console.${key}`),
    value: `¥${yuan(data[key] as number)}`,
    testId: `referral-${key}`,
  });
  return (
    <div className="space-y-2">
      <Tiles
        cols="sm:grid-cols-4"
        tiles={[
          money('held'),
          money('released'),
          money('paid'),
          money('reversed'),
          money('available'),
          money('withdrawing'),
          money('debt'),
          {
            label: t('referral:console.converted'),
            value: `${data.converted} / ${data.invites}`,
            testId: 'referral-converted',
          },
        ]}
      />
      {!data.ledgerOk && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {t('referral:console.ledgerBroken')}
        </p>
      )}
    </div>
  );
}

function ConsoleView({ role }: { role: string }) {
  // A decision changes the overview's figures: it reloads after each.
  const [version, setVersion] = useState(0);
  const changed = useCallback(() => setVersion((v) => v + 1), []);
  return (
    <div className="space-y-6">
      <Overview version={version} />
      <WithdrawalQueue role={role} onChange={changed} />
      <InviteTable />
    </div>
  );
}

/** The console's invites and commission page (docs/console.md#referral). */
export function ReferralConsole(props: IslandI18nProps & { role: string }) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="admin">
      <ConsoleView role={props.role} />
    </IslandRoot>
  );
}
