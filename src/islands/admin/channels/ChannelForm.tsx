import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/Dialog';
import { Form } from '../../../components/Form';
import { consoleCall } from '../../../lib/api';
import { CHANNEL_FLAVOURS, CHANNEL_KINDS, type ChannelKind } from '../../../shared/channels';
import type { ChannelModel, ChannelView } from '../../../shared/contract/channels';
import { FormActions, FormError } from '../ui/FormActions';
import { field } from '../ui/format';
import { ChannelModels, fromDraft, type ModelDraft, toDraft } from './ChannelModels';

/** Create or edit a channel and its models; one request id per opened form, so a double click saves once. */
export function ChannelForm({
  channel,
  onClose,
  onSaved,
}: {
  channel: ChannelView | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [requestId] = useState(() => crypto.randomUUID());
  const [kind, setKind] = useState<ChannelKind>(channel?.kind ?? 'chat');
  const [flavour, setFlavour] = useState<string>(channel?.flavour ?? CHANNEL_FLAVOURS.chat[0]);
  const [name, setName] = useState(channel?.name ?? '');
  const [baseUrl, setBaseUrl] = useState(channel?.baseUrl ?? '');
  const [priority, setPriority] = useState(String(channel?.priority ?? 0));
  const [weight, setWeight] = useState(String(channel?.weight ?? 1));
  const [enabled, setEnabled] = useState(channel?.enabled ?? true);
  const [models, setModels] = useState<ModelDraft[]>(channel?.models.map(toDraft) ?? []);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    const converted: ChannelModel[] = [];
    for (const [i, m] of models.entries()) {
      const out = fromDraft(m);
      if ('badPrice' in out) return setError(t('priceFormat', { n: i + 1 }));
      converted.push(out);
    }
    const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s));
    setBusy(true);
    const body = {
      kind,
      flavour,
      name,
      baseUrl,
      priority: num(priority),
      weight: num(weight),
      enabled,
      models: converted,
      requestId,
    };
    const res = await consoleCall('POST', channel ? `/admin/channels/${channel.id}` : '/admin/channels', body);
    setBusy(false);
    if (!res.ok) return setError(res.result || t('admin:error'));
    onSaved();
  }

  return (
    <Dialog open onClose={onClose} size="lg" maskClosable={false} title={t(channel ? 'editTitle' : 'new')}>
      <Form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="block text-sm">
            {t('field.kind')}
            <select
              className={`${field} mt-1`}
              value={kind}
              onChange={(e) => {
                const next = e.target.value as ChannelKind;
                setKind(next);
                setFlavour(CHANNEL_FLAVOURS[next][0]);
              }}
            >
              {CHANNEL_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`kind.${k}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="block text-sm">
            {t('field.flavour')}
            <select className={`${field} mt-1`} value={flavour} onChange={(e) => setFlavour(e.target.value)}>
              {CHANNEL_FLAVOURS[kind].map((f) => (
                <option key={f} value={f}>
                  {t(`flavour.${f}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="block text-sm">
            {t('field.name')}
            <input
              className={`${field} mt-1`}
              value={name}
              maxLength={80}
              required
              onChange={(e) => setName(e.target.value)}
            />
          </label>
          <label className="block text-sm">
            {t('field.baseUrl')}
            <input
              className={`${field} mt-1 font-mono`}
              type="url"
              value={baseUrl}
              maxLength={500}
              required
              placeholder={t(`baseUrlExample.${kind}`)}
              onChange={(e) => setBaseUrl(e.target.value)}
            />
          </label>
          <label className="block text-sm">
            {t('field.priority')}
            <input
              className={`${field} mt-1`}
              inputMode="numeric"
              value={priority}
              onChange={(e) => setPriority(e.target.value)}
            />
          </label>
          <label className="block text-sm">
            {t('field.weight')}
            <input
              className={`${field} mt-1`}
              inputMode="numeric"
              value={weight}
              onChange={(e) => setWeight(e.target.value)}
            />
          </label>
        </div>
        <p className="text-xs text-slate-600 dark:text-slate-300">{t('field.routingHint')}</p>
        <label className="inline-flex items-center gap-2 text-sm">
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
          {t('field.enabled')}
        </label>
        <h3 className="text-sm font-semibold">{t('models')}</h3>
        <ChannelModels kind={kind} models={models} onChange={setModels} />
        <FormError text={error} />
        <FormActions dialog submit={t('save')} busy={busy} onCancel={onClose} />
      </Form>
    </Dialog>
  );
}
