import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../../components/Tabs';
import { consoleCall, type InputOf } from '../../../lib/api';
import { type IslandI18nProps, IslandRoot } from '../../../lib/island-i18n';
import type { ComplaintQueue } from '../../../shared/contract/compliance';
import { Pager } from '../ui/Pager';
import { ComplaintCard } from './ComplaintCard';

type State = NonNullable<InputOf<'GET', '/admin/complaints'>['state']>;
const PAGE_SIZE = 20;

function Queue({ state }: { state: State }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<ComplaintQueue | null>(null);
  const [message, setMessage] = useState('');
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (version < 0) return;
    void consoleCall('GET', '/admin/complaints', { state, pageNum: page, pageSize: PAGE_SIZE }).then((r) =>
      setData(r.ok ? r.data : null),
    );
  }, [state, page, version]);
  return (
    <div className="space-y-4 pt-4">
      {message && (
        <p role="status" className="text-sm">
          {message}
        </p>
      )}
      {!data && <p>{t('admin:loading')}</p>}
      {data?.records.length === 0 && <p>{t('compliance:console.empty')}</p>}
      {data?.records.map((row) => (
        <ComplaintCard
          key={`${row.id}:${row.status}:${row.replies}`}
          row={row}
          onDone={(m) => {
            setMessage(m);
            setVersion((v) => v + 1);
          }}
        />
      ))}
      {data && data.total > PAGE_SIZE && (
        <Pager label={t('compliance:console.title')} page={page} total={data.total} size={PAGE_SIZE} onPage={setPage} />
      )}
    </div>
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
