import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/conversation/icons';
import { type IslandI18nProps, IslandRoot } from '../../lib/island-i18n';
import { $chatStorage, shownTitle } from '../../stores/chat-storage';
import { plainText } from './plain-text';
import { type QaPair, qaPairs } from './qa';
import { startSync } from './sync';
import { UploadOffer } from './UploadOffer';

function Highlight({ text, term }: { text: string; term: string }) {
  const i = term ? text.toLowerCase().indexOf(term.toLowerCase()) : -1;
  if (i < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, i)}
      <mark className="rounded bg-amber-200 px-0.5 dark:bg-amber-700/60 dark:text-white">
        {text.slice(i, i + term.length)}
      </mark>
      {text.slice(i + term.length)}
    </>
  );
}

function History() {
  const { t } = useTranslation();
  const storage = useStore($chatStorage);
  const [term, setTerm] = useState('');
  // The account's conversations come from the server here too, not only once /chat has been opened.
  useEffect(() => startSync(), []);
  // Answers are Markdown: previews (and the search) read their words only.
  const plain = useMemo(
    () => ({
      ...storage,
      chat: storage.chat.map((c) => ({
        ...c,
        data: c.data.map((m) => (m.inversion ? m : { ...m, text: plainText(m.text) })),
      })),
    }),
    [storage],
  );
  const pairs: QaPair[] = qaPairs(plain, term);
  return (
    <div className="flex flex-col gap-4">
      <label className="relative">
        <span className="sr-only">{t('history.search')}</span>
        <Icon
          name="search"
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400"
        />
        <input
          type="search"
          value={term}
          maxLength={100}
          onChange={(e) => setTerm(e.target.value)}
          placeholder={t('history.search')}
          className="w-full rounded-full border border-slate-300 bg-white py-2 pl-9 pr-4 text-sm outline-none focus:border-brand-500 dark:border-slate-700 dark:bg-slate-900"
        />
      </label>
      <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        {t('history.count', { n: pairs.length })}
      </p>
      <ul className="flex flex-col gap-3">
        {pairs.map((p) => (
          <li key={`${p.uuid}-${p.questionId}`}>
            <a
              href={`/chat/${p.uuid}?message=${encodeURIComponent(p.questionId)}`}
              className="block rounded-2xl bg-white p-4 ring-1 ring-slate-200 transition hover:ring-brand-300 dark:bg-slate-900 dark:ring-slate-800"
            >
              <p className="mb-1 flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
                <Icon name="chat" className="size-3.5" />
                <span className="truncate" title={shownTitle(p.title, t)}>
                  {shownTitle(p.title, t)}
                </span>
                <time className="ml-auto shrink-0">{new Date(p.dateTime).toLocaleString()}</time>
              </p>
              <p className="line-clamp-2 font-medium text-slate-900 dark:text-white">
                <Highlight text={p.question} term={term} />
              </p>
              {p.answer && (
                <p className="mt-1 line-clamp-3 text-sm text-slate-600 dark:text-slate-300">
                  <Highlight text={p.answer} term={term} />
                </p>
              )}
            </a>
          </li>
        ))}
      </ul>
      {pairs.length === 0 && (
        <p className="py-12 text-center text-slate-600 dark:text-slate-400">
          {term ? t('history.noMatch') : t('history.empty')}
        </p>
      )}
      <UploadOffer />
    </div>
  );
}

/** /chat/history island. */
export function HistoryIsland(props: IslandI18nProps) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="chat">
      <History />
    </IslandRoot>
  );
}
