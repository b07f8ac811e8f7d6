import { Fragment, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from './Pager';

export const QUEUE_PAGE_SIZE = 20;

/**
 * A console queue of cards (reports, complaints): one page fetched at a time, read again when a card
 * says its action is done, whose message then shows above the list.
 */
export function CardQueue<T>(p: {
  /** One page of the queue; null when it could not be read. */
  load: (pageNum: number, pageSize: number) => Promise<{ records: T[]; total: number } | null>;
  label: string;
  empty: string;
  keyOf: (row: T) => string;
  card: (row: T, done: (message: string) => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ records: T[]; total: number } | null>(null);
  const [message, setMessage] = useState('');
  const [version, setVersion] = useState(0);
  const { load } = p;
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again on a new page or a done action; `load` is a new closure every render.
  useEffect(() => {
    void load(page, QUEUE_PAGE_SIZE).then(setData);
  }, [page, version]);
  const done = (m: string) => {
    setMessage(m);
    setVersion((v) => v + 1);
  };
  return (
    <div className="space-y-4 pt-4">
      {message && (
        <p role="status" className="text-sm">
          {message}
        </p>
      )}
      {!data && <p>{t('admin:loading')}</p>}
      {data?.records.length === 0 && <p>{p.empty}</p>}
      {data?.records.map((row) => (
        <Fragment key={p.keyOf(row)}>{p.card(row, done)}</Fragment>
      ))}
      {data && data.total > QUEUE_PAGE_SIZE && (
        <Pager label={p.label} page={page} total={data.total} size={QUEUE_PAGE_SIZE} onPage={setPage} />
      )}
    </div>
  );
}
