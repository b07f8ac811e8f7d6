import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';
import { Form } from '../../../components/Form';
import { consoleCall } from '../../../lib/api';
import { type IslandI18nProps, IslandRoot } from '../../../lib/island-i18n';
import { UNLABELLED_KINDS, UNLABELLED_REASON_MAX, type UnlabelledKind } from '../../../shared/compliance';
import type { UnlabelledLink, UnlabelledRow } from '../../../shared/contract/unlabelled';
import { FormError } from '../ui/FormActions';
import { field } from '../ui/format';
import { TotpField } from '../ui/TotpField';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');

/** The form: the item, the owner's reason, a fresh code; the one-time link is shown once. */
function AllowForm({ onAllowed }: { onAllowed: () => void }) {
  const { t } = useTranslation();
  const ids = { kind: useId(), item: useId(), reason: useId(), code: useId() };
  const [kind, setKind] = useState<UnlabelledKind>('drawing');
  const [itemId, setItemId] = useState('');
  const [reason, setReason] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [link, setLink] = useState<UnlabelledLink | null>(null);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const res = await consoleCall('POST', '/admin/unlabelled', { kind, itemId: itemId.trim(), reason, code });
    setBusy(false);
    setCode('');
    if (!res.ok) return setMessage(res.result || t('admin:error'));
    setMessage('');
    setLink(res.data);
    onAllowed();
  }
  return (
    <section
      aria-labelledby={`${ids.kind}-title`}
      className="space-y-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id={`${ids.kind}-title`} className="font-semibold">
        {t('compliance:unlabelled.form')}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('compliance:unlabelled.hint')}</p>
      <Form onSubmit={(e) => void submit(e)} className="grid gap-3 sm:grid-cols-2">
        <label htmlFor={ids.kind} className="text-sm">
          {t('compliance:unlabelled.kindLabel')}
          <select
            id={ids.kind}
            className={`${field} mt-1`}
            value={kind}
            onChange={(e) => setKind(e.target.value as UnlabelledKind)}
          >
            {UNLABELLED_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`compliance:unlabelled.kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.item} className="text-sm">
          {t('compliance:unlabelled.itemId')}
          <input
            id={ids.item}
            className={`${field} mt-1`}
            required
            maxLength={64}
            value={itemId}
            onChange={(e) => setItemId(e.target.value)}
          />
        </label>
        <label htmlFor={ids.reason} className="text-sm sm:col-span-2">
          {t('compliance:unlabelled.reason')}
          <textarea
            id={ids.reason}
            className={`${field} mt-1`}
            rows={2}
            required
            maxLength={UNLABELLED_REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </label>
        <TotpField id={ids.code} value={code} onChange={setCode} />
        <div className="flex items-end">
          <button type="submit" className={buttonClass('primary')} disabled={busy}>
            {t('compliance:unlabelled.allow')}
          </button>
        </div>
      </Form>
      <FormError text={message} />
      {link && (
        <div role="status" className="space-y-1 rounded-xl bg-brand-50 p-3 text-sm dark:bg-brand-500/10">
          <p>{t('compliance:unlabelled.linkOnce', { time: when(link.expiresAt) })}</p>
          <output className="block break-all font-mono" data-testid="unlabelled-link">
            {new URL(link.url, location.origin).href}
          </output>
        </div>
      )}
    </section>
  );
}

/** /admin/unlabelled (docs/compliance.md): allow one unlabelled download; the log of those allowed. */
export function Unlabelled(props: IslandI18nProps) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="admin">
      <UnlabelledView />
    </IslandRoot>
  );
}

function UnlabelledView() {
  const [rows, setRows] = useState<UnlabelledRow[]>([]);
  const load = useCallback(async () => {
    const res = await consoleCall('GET', '/admin/unlabelled', { pageNum: 1, pageSize: 50 });
    if (res.ok) setRows(res.data.records);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <div className="space-y-4">
      <AllowForm onAllowed={() => void load()} />
      <LogList rows={rows} />
    </div>
  );
}

/** The log, one card per allowance (a wide table would scroll sideways on a phone). */
function LogList({ rows }: { rows: UnlabelledRow[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  const col = (k: string) => t(`compliance:unlabelled.col.${k}`);
  return (
    <section
      aria-labelledby={titleId}
      data-testid="unlabelled-log"
      className="rounded-2xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id={titleId} className="mb-2 font-semibold">
        {t('compliance:unlabelled.log')}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('compliance:unlabelled.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {rows.map((r) => (
            <li key={r.id} data-unlabelled={r.itemId} className="py-2">
              <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
                <dt className="text-slate-600 dark:text-slate-300">{col('item')}</dt>
                <dd className="break-all">
                  {t(`compliance:unlabelled.kinds.${r.kind}`)} {r.itemId}
                </dd>
                <dt className="text-slate-600 dark:text-slate-300">{col('owner')}</dt>
                <dd className="break-all">{r.ownerEmail ?? `#${r.ownerId}`}</dd>
                <dt className="text-slate-600 dark:text-slate-300">{col('reason')}</dt>
                <dd className="break-words">{r.reason}</dd>
                <dt className="text-slate-600 dark:text-slate-300">{col('allowedBy')}</dt>
                <dd className="break-all">
                  {r.allowedByEmail ?? `#${r.allowedBy}`} · {when(r.createdAt)}
                </dd>
                <dt className="text-slate-600 dark:text-slate-300">{col('used')}</dt>
                <dd>{r.usedAt ? `${when(r.usedAt)} (${r.usedIp ?? ''})` : t('compliance:unlabelled.unused')}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
