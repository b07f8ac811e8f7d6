import { type IslandI18nProps, IslandRoot } from '../../../lib/island-i18n';
import { MissedPayments } from './MissedPayments';
import { Reconciliations } from './Reconciliations';

/** The console's payments page: missed payments to review, and the bill reconciliations. */
export function Payments(props: IslandI18nProps & { role: string }) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="admin">
      <div className="space-y-4">
        <MissedPayments role={props.role} />
        <Reconciliations role={props.role} />
      </div>
    </IslandRoot>
  );
}
