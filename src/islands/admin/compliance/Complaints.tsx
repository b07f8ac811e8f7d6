import { useTranslation } from 'react-i18next';
import { Tabs } from '../../../components/Tabs';
import { consoleCall, type InputOf } from '../../../lib/api';
import { type IslandI18nProps, IslandRoot } from '../../../lib/island-i18n';
import { CardQueue } from '../ui/CardQueue';
import { ComplaintCard } from './ComplaintCard';

type State = NonNullable<InputOf<'GET', '/admin/complaints'>['state']>;

function Queue({ state }: { state: State }) {
  const { t } = useTranslation();
  return (
    <CardQueue
      load={async (pageNum, pageSize) => {
        const r = await consoleCall('GET', '/admin/complaints', { state, pageNum, pageSize });
        return r.ok ? r.data : null;
      }}
      label={t('compliance:console.title')}
      empty={t('compliance:console.empty')}
      keyOf={(row) => `${row.id}:${row.status}:${row.replies}`}
      card={(row, done) => <ComplaintCard row={row} onDone={done} />}
    />
  );
}

/** /admin/complaints (docs/compliance.md): tickets soonest due first, overdue ones marked. */
export function Complaints(props: IslandI18nProps) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="admin">
      <ComplaintsView />
    </IslandRoot>
  );
}

function ComplaintsView() {
  const { t } = useTranslation();
  const tab = (state: State) => ({
    key: state,
    label: t(`compliance:console.state.${state}`),
    content: <Queue state={state} />,
  });
  return <Tabs label={t('compliance:console.title')} items={[tab('active'), tab('closed')]} />;
}
