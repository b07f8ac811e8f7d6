import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';
import { Form } from '../../../components/Form';
import { consoleCall } from '../../../lib/api';
import { type IslandI18nProps, IslandRoot } from '../../../lib/island-i18n';
import type { WordListHistory, WordListVersion } from '../../../shared/contract/moderation';
import { WORD_LISTS, WORD_MAX, type WordEdits } from '../../../shared/word-list';
import { card, field } from '../ui/format';
import { ReasonField, ReasonForm } from '../ui/ReasonForm';

type Texts = Record<keyof WordEdits, string>;

const toTexts = (w: WordEdits | undefined): Texts => ({
  violation: w?.violation.join('\n') ?? '',
  sensitive: w?.sensitive.join('\n') ?? '',
  removed: w?.removed.join('\n') ?? '',
});
const lines = (s: string) =>
  s
    .split(/\r?\n/)
    .map((w) => w.trim())
    .filter(Boolean);

/** The three lists of the current version: one word a line, saved together as a new version with a reason. */
function Editor({ current, onSaved }: { current: WordListVersion | null; onSaved: (message: string) => void }) {
  const { t } = useTranslation();
  const [texts, setTexts] = useState<Texts>(() => toTexts(current?.words));
  const [reason, setReason] = useState('');
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const words = {
      violation: lines(texts.violation),
      sensitive: lines(texts.sensitive),
      removed: lines(texts.removed),
    };
    // The transport sends the login token too: with it the route takes a longer list than a console cookie alone (body-limits.ts).
    const res = await consoleCall('POST', '/admin/words', { words, reason, requestId });
    setBusy(false);
    if (!res.ok) return setError(res.result || t('admin:error'));
    setError('');
    setReason('');
    setRequestId(crypto.randomUUID());
    onSaved(t(res.data.applied ? 'admin:words.saved' : 'admin:settings.repeated'));
  }
  return (
    <Form onSubmit={(e) => void save(e)} className={`${card} space-y-3`} aria-labelledby="words-edit">
      <h2 id="words-edit" className="font-semibold">
        {t('admin:words.edit')}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('admin:words.about', { max: WORD_MAX })}</p>
      <div className="grid gap-3 md:grid-cols-3">
        {WORD_LISTS.map((list) => (
          <label key={list} className="block text-sm">
            {t(`admin:words.list.${list}`)}
            <textarea
              className={`${field} mt-1 h-48 font-mono`}
              value={texts[list]}
              onChange={(e) => setTexts((x) => ({ ...x, [list]: e.target.value }))}
            />
          </label>
        ))}
      </div>
      <ReasonField value={reason} onChange={setReason} single />
      <button type="submit" disabled={busy} className={buttonClass('primary')}>
        {t('admin:words.save')}
      </button>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </Form>
  );
}

/** One row of the history, with a revert to it (a reason asked). */
function VersionRow({ v, current, onDone }: { v: WordListVersion; current: boolean; onDone: (m: string) => void }) {
  const { t } = useTranslation();
  const [reverting, setReverting] = useState(false);
  return (
    <li className="space-y-2 border-t border-slate-200 py-3 first:border-t-0 dark:border-slate-800" data-version={v.id}>
      <p className="text-sm">
        <span className="font-medium">#{v.id}</span> · {new Date(v.createdAt).toLocaleString()} · {v.authorEmail ?? '—'}
        {v.revertedFrom !== null && <> · {t('admin:words.revertedFrom', { id: v.revertedFrom })}</>}
        {current && <> · {t('admin:words.current')}</>}
      </p>
      <p className="text-xs text-slate-600 dark:text-slate-300">
        {WORD_LISTS.map((l) => `${t(`admin:words.list.${l}`)}: ${v.words[l].join('、') || '—'}`).join(' | ')}
      </p>
      {!current &&
        (reverting ? (
          <ReasonForm
            send={(f) => consoleCall('POST', '/admin/words/revert', { id: v.id, ...f })}
            onDone={() => onDone(t('admin:words.reverted', { id: v.id }))}
            onCancel={() => setReverting(false)}
          />
        ) : (
          <button type="button" className={buttonClass('secondary')} onClick={() => setReverting(true)}>
            {t('admin:words.revert', { id: v.id })}
          </button>
        ))}
    </li>
  );
}

/** The moderation word list (docs/console.md): the console's version over the built-in list and the file. */
function WordsView() {
  const { t } = useTranslation();
  const [data, setData] = useState<WordListHistory | null>(null);
  const [failed, setFailed] = useState(false);
  const [message, setMessage] = useState('');
  const load = useCallback(
    () =>
      void consoleCall('GET', '/admin/words').then((r) => {
        setFailed(!r.ok);
        if (r.ok) setData(r.data);
      }),
    [],
  );
  useEffect(load, [load]);
  const done = (m: string) => {
    setMessage(m);
    load();
  };
  if (!data) return <p role="status">{t(failed ? 'admin:error' : 'admin:loading')}</p>;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('admin:words.builtIn', data.builtIn)}</p>
      {message && (
        <p role="status" className="text-sm">
          {message}
        </p>
      )}
      <Editor key={data.current?.id ?? 0} current={data.current} onSaved={done} />
      <section className={card} aria-labelledby="words-history">
        <h2 id="words-history" className="mb-1 font-semibold">
          {t('admin:words.history')}
        </h2>
        {data.versions.length === 0 ? (
          <p className="text-sm">{t('admin:words.none')}</p>
        ) : (
          <ul>
            {data.versions.map((v) => (
              <VersionRow key={v.id} v={v} current={v.id === data.current?.id} onDone={done} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export function Words(props: IslandI18nProps) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="admin">
      <WordsView />
    </IslandRoot>
  );
}
