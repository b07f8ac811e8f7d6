import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { Form } from '../../components/Form';
import { openLogin } from '../../lib/login-event';
import { toast } from '../../lib/toast';
import { Code } from '../../shared/codes';
import type { MusicExhausted } from '../../shared/contract/music';
import { Field, INPUT } from './fields';
import { Icon } from './icons';
import { ModeSwitch } from './ModeSwitch';
import { type ComposeInput, submitSong, writeLyrics } from './music-api';
import { QuotaLine } from './QuotaLine';
import { TagPicks } from './TagPicks';
import type { MusicQuota, Song } from './types';
import type { QuotaState } from './use-quota';

const EMPTY: ComposeInput = {
  mode: 'inspiration',
  prompt: '',
  title: '',
  tags: '',
  lyrics: '',
  instrumental: false,
  isPublic: false,
};
const MAX = { prompt: 400, title: 80, tags: 200, lyrics: 3000 } as const;

export interface ComposeFormProps {
  loggedIn: boolean;
  quota: QuotaState;
  /** A song to start from ('make a similar song'). */
  preset: Partial<ComposeInput> | null;
  onQueued: (song: Song) => void;
  onExhausted: (quota: MusicQuota) => void;
}

/** Inspiration mode (a description) or custom mode (title, style, lyrics with a lyrics helper). */
export function ComposeForm({ loggedIn, quota, preset, onQueued, onExhausted }: ComposeFormProps) {
  const { t } = useTranslation('music');
  const [form, setForm] = useState<ComposeInput>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [writing, setWriting] = useState(false);
  useEffect(() => {
    if (preset) setForm({ ...EMPTY, ...preset });
  }, [preset]);
  const set = <K extends keyof ComposeInput>(key: K, value: ComposeInput[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const exhausted = quota.status === 'ready' && quota.quota.total <= 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!loggedIn) return openLogin();
    if (form.mode === 'inspiration' && !form.prompt.trim()) return void toast.warning(t('submit.needPrompt'));
    if (form.mode === 'custom' && !form.instrumental && !form.lyrics.trim())
      return void toast.warning(t('submit.needLyrics'));
    if (form.mode === 'custom' && !form.title.trim() && !form.tags.trim() && !form.lyrics.trim())
      return void toast.warning(t('submit.needStyle'));
    setBusy(true);
    const result = await submitSong(form);
    setBusy(false);
    // HTTP, network and timeout failures were already shown by the API client.
    if (result.kind !== 'business') return;
    if (result.code === Code.SUCCESS && result.data) {
      onQueued(result.data as Song);
      setForm((f) => ({ ...EMPTY, mode: f.mode, isPublic: f.isPublic }));
    } else if (result.code === Code.TOO_MANY_REQUESTS && result.data) {
      onExhausted((result.data as MusicExhausted).quota);
      toast.warning(result.result);
    } else if (result.code === Code.NOT_LOGGED_IN) openLogin();
    else toast.error(result.result);
  }

  async function helpWithLyrics() {
    if (!loggedIn) return openLogin();
    const idea = [form.title, form.tags, form.lyrics.split('\n')[0] ?? ''].join(' ').trim();
    if (!idea) return void toast.info(t('form.writeNeedsIdea'));
    setWriting(true);
    const result = await writeLyrics(idea.slice(0, MAX.prompt));
    setWriting(false);
    if (result.kind !== 'reply') return;
    setForm((f) => ({ ...f, lyrics: result.data.lyrics, title: f.title || result.data.title }));
    toast.success(t('form.lyricsWritten'));
  }

  return (
    <Form
      onSubmit={submit}
      aria-label={t('form.label')}
      className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:p-6 dark:bg-slate-900 dark:ring-slate-800"
    >
      <ModeSwitch mode={form.mode} onChange={(mode) => set('mode', mode)} />
      {form.mode === 'inspiration' ? (
        <Field id="music-prompt" label={t('form.prompt')} count={form.prompt.length} max={MAX.prompt}>
          <textarea
            id="music-prompt"
            rows={3}
            maxLength={MAX.prompt}
            value={form.prompt}
            placeholder={t('form.promptPlaceholder')}
            onChange={(e) => set('prompt', e.target.value)}
            className={INPUT}
          />
        </Field>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          <Field id="music-title" label={t('form.title')} count={form.title.length} max={MAX.title}>
            <input
              id="music-title"
              maxLength={MAX.title}
              value={form.title}
              placeholder={t('form.titlePlaceholder')}
              onChange={(e) => set('title', e.target.value)}
              className={INPUT}
            />
          </Field>
          <Field id="music-tags" label={t('form.tags')} count={form.tags.length} max={MAX.tags}>
            <input
              id="music-tags"
              maxLength={MAX.tags}
              value={form.tags}
              placeholder={t('form.tagsPlaceholder')}
              onChange={(e) => set('tags', e.target.value)}
              className={INPUT}
            />
            <TagPicks value={form.tags} max={MAX.tags} onChange={(tags) => set('tags', tags)} />
          </Field>
          {!form.instrumental && (
            <div className="md:col-span-2">
              <Field
                id="music-lyrics"
                label={t('form.lyrics')}
                count={form.lyrics.length}
                max={MAX.lyrics}
                extra={
                  <button
                    type="button"
                    onClick={helpWithLyrics}
                    disabled={writing}
                    className={buttonClass('ghost', 'px-2 py-1 text-xs')}
                  >
                    <Icon name="sparkles" className="size-4" />
                    {t(writing ? 'form.writing' : 'form.writeLyrics')}
                  </button>
                }
              >
                <textarea
                  id="music-lyrics"
                  rows={7}
                  maxLength={MAX.lyrics}
                  value={form.lyrics}
                  placeholder={t('form.lyricsPlaceholder')}
                  onChange={(e) => set('lyrics', e.target.value)}
                  className={INPUT}
                />
              </Field>
            </div>
          )}
        </div>
      )}
      <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-700 dark:text-slate-300">
        <label className="inline-flex items-center gap-2">
          <input
            type="checkbox"
            checked={form.instrumental}
            onChange={(e) => set('instrumental', e.target.checked)}
            className="size-4 accent-brand-600"
          />
          {t('form.instrumental')}
        </label>
        <label className="inline-flex items-center gap-2">
          <input
            type="checkbox"
            checked={form.isPublic}
            onChange={(e) => set('isPublic', e.target.checked)}
            className="size-4 accent-brand-600"
          />
          {t('form.public')}
        </label>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <button type="submit" disabled={busy || exhausted} className={buttonClass('primary', 'px-6')}>
          <Icon name="music" className="size-4" />
          {t(busy ? 'form.submitting' : 'form.submit')}
        </button>
        <QuotaLine loggedIn={loggedIn} state={quota} />
      </div>
    </Form>
  );
}
