import { useStore } from '@nanostores/react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/conversation/icons';
import type { ChatSearchHit } from '../../shared/contract/chat-share';
import { $token } from '../../stores/auth';
import { $chatStorage, shownTitle } from '../../stores/chat-storage';
import { searchLocal } from './search-local';
import { searchServer } from './share-api';

const DEBOUNCE_MS = 250;
export const SEARCH_MAX = 50;

/**
 * Search box of the chat sidebar (docs/chat.md#search): this browser's conversations at once,
 * and for a member the synced ones on the server too. Arrow keys move through the results,
 * Escape clears.
 */
export function ChatSearch({ onOpen }: { onOpen(uuid: number): void }) {
  const { t } = useTranslation();
  const token = useStore($token);
  const storage = useStore($chatStorage);
  const [q, setQ] = useState('');
  const [remote, setRemote] = useState<ChatSearchHit[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const query = q.trim();

  useEffect(() => {
    // Kept when already empty: a new [] would render the list again right after the first render.
    setRemote((shown) => (shown.length ? [] : shown));
    if (!token || !query) return;
    const abort = new AbortController();
    const timer = setTimeout(() => void searchServer(query, abort.signal).then(setRemote), DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [query, token]);

  const local = searchLocal(storage, query, (title) => shownTitle(title, t));
  const seen = new Set(local.map((h) => h.uuid));
  const hits = [...local, ...remote.filter((h) => !seen.has(h.uuid))];

  const buttons = () => Array.from(list.current?.querySelectorAll('button') ?? []);
  const move = (e: KeyboardEvent, from: number) => {
    const all = buttons();
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = from + (e.key === 'ArrowDown' ? 1 : -1);
      if (next < 0) input.current?.focus();
      else all[Math.min(next, all.length - 1)]?.focus();
    } else if (e.key === 'Escape') {
      setQ('');
      input.current?.focus();
    }
  };

  return (
    <search className="block px-3 pt-3">
      <label className="relative block">
        <span className="sr-only">{t('search.label')}</span>
        <Icon
          name="search"
          className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-slate-500"
        />
        <input
          ref={input}
          type="search"
          value={q}
          maxLength={SEARCH_MAX}
          placeholder={t('search.placeholder')}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={(e) => move(e, -1)}
          className="w-full rounded-lg bg-slate-100 py-2 pl-8 pr-2 text-sm text-slate-900 placeholder:text-slate-500 focus:outline-none focus:ring-2 focus:ring-brand-500 dark:bg-slate-800 dark:text-white dark:placeholder:text-slate-400"
        />
      </label>
      {query && (
        <div className="mt-2 max-h-72 overflow-y-auto rounded-lg ring-1 ring-slate-200 dark:ring-slate-700">
          <p className="sr-only" role="status">
            {hits.length ? `${t('search.results')}: ${hits.length}` : t('search.none', { q: query })}
          </p>
          {hits.length === 0 ? (
            <p className="px-3 py-3 text-xs text-slate-600 dark:text-slate-400">{t('search.none', { q: query })}</p>
          ) : (
            <ul ref={list} aria-label={t('search.results')} data-chat-search-results>
              {hits.map((h, i) => (
                <li key={h.uuid}>
                  <button
                    type="button"
                    onKeyDown={(e) => move(e, i)}
                    onClick={() => {
                      setQ('');
                      onOpen(h.uuid);
                    }}
                    className="block w-full px-3 py-2 text-left hover:bg-slate-100 focus:bg-slate-100 focus:outline-none dark:hover:bg-slate-800 dark:focus:bg-slate-800"
                  >
                    <span className="block truncate field-label">{h.title}</span>
                    <span className="line-clamp-2 text-xs text-slate-600 dark:text-slate-400">{h.snippet}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </search>
  );
}
