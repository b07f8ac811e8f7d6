import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { useConfirm } from '../../components/Confirm';
import { LoginGate } from '../../components/LoginGate';
import { type IslandI18nProps, IslandRoot } from '../../lib/island-i18n';
import { toast } from '../../lib/toast';
import type { KnowledgeBaseList } from '../../shared/contract/knowledge';
import { KNOWLEDGE_NAME_MAX } from '../../shared/knowledge';
import { BaseFiles } from './BaseFiles';
import { BaseSearch } from './BaseSearch';
import { createBase, deleteBase, formatBytes, type KnowledgeBase, listBases, renameBase } from './knowledge-api';
import { useBaseFiles } from './use-base-files';

const card = 'rounded-2xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800';
const input =
  'min-w-0 flex-1 rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900';

function BaseView({ base, maxBytes, changed }: { base: KnowledgeBase; maxBytes: number; changed: () => void }) {
  const { t } = useTranslation();
  const { files, put, drop } = useBaseFiles(base.id, base.channel, changed);
  const { confirm, confirmElement } = useConfirm();
  const [name, setName] = useState<string | null>(null);

  const rename = async (e: FormEvent) => {
    e.preventDefault();
    const r = await renameBase(base.id, (name ?? '').trim());
    if (r.kind === 'reply') {
      setName(null);
      changed();
    } else if (r.kind === 'business') toast.error(r.result);
  };

  return (
    <div className={`${card} flex flex-col gap-5`}>
      <div className="flex flex-wrap items-center gap-2">
        {name === null ? (
          <>
            <h2 className="min-w-0 flex-1 truncate text-lg font-semibold text-slate-900 dark:text-white">
              {base.name}
            </h2>
            <button type="button" className={buttonClass('ghost')} onClick={() => setName(base.name)}>
              {t('rename')}
            </button>
            <button
              type="button"
              className={buttonClass('ghost', 'text-red-700 dark:text-red-300')}
              onClick={async () => {
                if (!(await confirm({ content: t('confirmDelete', { name: base.name }), danger: true }))) return;
                const r = await deleteBase(base.id);
                if (r.kind === 'reply') changed();
                else if (r.kind === 'business') toast.error(r.result);
              }}
            >
              {t('delete')}
            </button>
          </>
        ) : (
          <form onSubmit={(e) => void rename(e)} className="flex flex-1 gap-2">
            <label className="sr-only" htmlFor={`kb-name-${base.id}`}>
              {t('nameLabel')}
            </label>
            <input
              id={`kb-name-${base.id}`}
              required
              maxLength={KNOWLEDGE_NAME_MAX}
              value={name}
              onChange={(e) => setName(e.target.value)}
              className={input}
            />
            <button type="submit" className={buttonClass('primary')}>
              {t('save')}
            </button>
            <button type="button" className={buttonClass('ghost')} onClick={() => setName(null)}>
              {t('cancel')}
            </button>
          </form>
        )}
      </div>
      <BaseFiles
        base={base}
        files={files}
        maxBytesText={formatBytes(maxBytes)}
        put={put}
        drop={drop}
        changed={changed}
      />
      <div className="border-t border-slate-200 pt-4 dark:border-slate-800">
        <h3 className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-200">{t('searchLabel')}</h3>
        <BaseSearch baseId={base.id} />
      </div>
      {confirmElement}
    </div>
  );
}

function Bases() {
  const { t } = useTranslation();
  const [list, setList] = useState<KnowledgeBaseList | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [name, setName] = useState('');

  const reload = useCallback(async () => {
    const r = await listBases();
    if (r.kind === 'reply') setList(r.data);
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    const r = await createBase(name.trim());
    if (r.kind === 'reply') {
      setName('');
      setSelected(r.data.id);
      await reload();
    } else if (r.kind === 'business') toast.error(r.result);
  };

  if (list === null) return <p className="py-12 text-center text-slate-500 dark:text-slate-400">…</p>;
  const q = list.quota;
  const current = list.bases.find((b) => b.id === selected) ?? list.bases[0];
  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={(e) => void create(e)} className="flex gap-2">
        <label className="sr-only" htmlFor="kb-new-name">
          {t('nameLabel')}
        </label>
        <input
          id="kb-new-name"
          required
          maxLength={KNOWLEDGE_NAME_MAX}
          placeholder={t('namePlaceholder')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          className={input}
        />
        <button type="submit" className={buttonClass('primary')}>
          {t('create')}
        </button>
      </form>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {t('quotaLine', {
          bases: q.bases.used,
          basesLimit: q.bases.limit,
          files: q.files.used,
          filesLimit: q.files.limit,
          bytes: formatBytes(q.bytes.used),
          bytesLimit: formatBytes(q.bytes.limit),
          chunks: q.chunks.used,
          chunksLimit: q.chunks.limit,
        })}
        {' · '}
        {t(q.vectors ? 'mode.hybrid' : 'mode.keyword')}
      </p>
      {list.bases.length === 0 ? (
        <p className="py-12 text-center text-slate-500 dark:text-slate-400">{t('empty')}</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-[16rem_1fr]">
          <ul className="flex flex-col gap-2">
            {list.bases.map((b) => (
              <li key={b.id}>
                <button
                  type="button"
                  aria-pressed={b.id === current?.id}
                  onClick={() => setSelected(b.id)}
                  className={`w-full rounded-xl px-3 py-2 text-left ring-1 ${b.id === current?.id ? 'bg-brand-50 ring-brand-400 dark:bg-brand-900/30' : 'bg-white ring-slate-200 hover:bg-slate-50 dark:bg-slate-900 dark:ring-slate-800'}`}
                >
                  <span className="block truncate font-medium text-slate-900 dark:text-white">{b.name}</span>
                  <span className="block text-xs text-slate-600 dark:text-slate-300">
                    {t('baseStats', { files: b.files, size: formatBytes(b.bytes), chunks: b.chunks })}
                    {b.failed > 0 && ` · ${t('failedCount', { count: b.failed })}`}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {current && (
            <BaseView key={current.id} base={current} maxBytes={q.fileMaxBytes} changed={() => void reload()} />
          )}
        </div>
      )}
    </div>
  );
}

function Gate() {
  const { t } = useTranslation();
  return (
    <LoginGate message={t('signIn')} login={t('signInButton')}>
      <Bases />
    </LoginGate>
  );
}

/** The /knowledge island: a member's knowledge bases, their files live, and a search to try. */
export function KnowledgeIsland(props: IslandI18nProps) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="knowledge">
      <Gate />
    </IslandRoot>
  );
}
