import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { Form } from '../../components/Form';
import { openLogin } from '../../lib/login-event';
import { toast } from '../../lib/toast';
import { Code } from '../../shared/codes';
import { VIDEO_ASPECTS, VIDEO_DURATIONS, type VideoAspect } from '../../shared/video';
import { submitVideo, type Video, type VideoExhausted, type VideoQuota } from './video-api';

const INPUT =
  'w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-950 dark:text-white';
const MAX_PROMPT = 500;
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export interface VideoFormProps {
  loggedIn: boolean;
  quota: VideoQuota | null;
  /** A prompt to start from ('make the same' on the square: /video?prompt=…). */
  preset: string;
  onQueued: (video: Video) => void;
  onExhausted: (quota: VideoQuota) => void;
}

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** Prompt, optional reference picture, length and shape; the quota line under the button. */
export function VideoForm({ loggedIn, quota, preset, onQueued, onExhausted }: VideoFormProps) {
  const { t } = useTranslation('video');
  const [prompt, setPrompt] = useState(preset);
  const [duration, setDuration] = useState<5 | 10>(5);
  const [aspect, setAspect] = useState<VideoAspect>('16:9');
  const [image, setImage] = useState<{ name: string; data: string } | null>(null);
  const [isPublic, setPublic] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => setPrompt(preset), [preset]);

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_IMAGE_BYTES) return void toast.warning(t('form.imageTooLarge'));
    setImage({ name: file.name, data: await readAsDataUrl(file) });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!loggedIn) return openLogin();
    if (!prompt.trim()) return void toast.warning(t('form.needPrompt'));
    setBusy(true);
    const result = await submitVideo({ prompt, duration, aspect, isPublic, ...(image ? { image: image.data } : {}) });
    setBusy(false);
    // HTTP, network and timeout failures were already shown by the API client.
    if (result.kind !== 'business') return;
    if (result.code === Code.SUCCESS && result.data) {
      onQueued(result.data as Video);
      setPrompt('');
      setImage(null);
    } else if (result.code === Code.TOO_MANY_REQUESTS && result.data && 'quota' in (result.data as object)) {
      onExhausted((result.data as VideoExhausted).quota);
      toast.warning(result.result);
    } else if (result.code === Code.NOT_LOGGED_IN) openLogin();
    else toast.error(result.result);
  }

  const chip = (on: boolean) =>
    `cursor-pointer rounded-full border px-3 py-1 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${
      on
        ? 'border-brand-600 bg-brand-50 text-brand-800 dark:bg-brand-950 dark:text-brand-100'
        : 'border-slate-300 text-slate-700 dark:border-slate-700 dark:text-slate-200'
    }`;
  return (
    <Form
      onSubmit={submit}
      aria-label={t('form.label')}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div>
        <div className="mb-1 flex items-center">
          <label htmlFor="video-prompt" className="text-sm font-medium text-slate-800 dark:text-slate-200">
            {t('form.prompt')}
          </label>
          <span className="ml-auto text-xs tabular-nums text-slate-500 dark:text-slate-400">
            {prompt.length} / {MAX_PROMPT}
          </span>
        </div>
        <textarea
          id="video-prompt"
          className={`${INPUT} min-h-24`}
          maxLength={MAX_PROMPT}
          value={prompt}
          placeholder={t('form.promptPlaceholder')}
          onChange={(e) => setPrompt(e.target.value)}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor="video-image" className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {t('form.image')}
        </label>
        <input
          id="video-image"
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          onChange={pick}
          className="text-sm text-slate-700 dark:text-slate-300"
        />
        {image && (
          <button type="button" className={buttonClass('ghost', 'px-2 py-1')} onClick={() => setImage(null)}>
            {t('form.imageRemove')} · {image.name}
          </button>
        )}
      </div>
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">{t('form.duration')}</legend>
        {VIDEO_DURATIONS.map((n) => (
          <label key={n} className={chip(duration === n)}>
            <input
              type="radio"
              name="video-duration"
              className="sr-only"
              checked={duration === n}
              onChange={() => setDuration(n)}
            />
            {t('form.seconds', { n })}
          </label>
        ))}
      </fieldset>
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">{t('form.aspect')}</legend>
        {VIDEO_ASPECTS.map((a) => (
          <label key={a} className={chip(aspect === a)}>
            <input
              type="radio"
              name="video-aspect"
              className="sr-only"
              checked={aspect === a}
              onChange={() => setAspect(a)}
            />
            {a}
          </label>
        ))}
      </fieldset>
      <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
        <input type="checkbox" checked={isPublic} onChange={(e) => setPublic(e.target.checked)} />
        {t('form.public')}
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass('primary')} disabled={busy}>
          {busy ? t('form.submitting') : t('form.submit')}
        </button>
        {quota && (
          <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="video-quota">
            {t('quota.free', { left: quota.freeLeft, limit: quota.freeLimit })}
            {quota.price > 0 && ` · ${t('quota.price', { price: quota.price })}`}
          </p>
        )}
      </div>
    </Form>
  );
}
