import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { consoleCall } from '../../lib/api';
import type { SettingView } from '../../shared/contract/site-settings';
import {
  SETTING_IMAGE_MAX_BYTES,
  SETTING_IMAGE_TYPES,
  type SettingValue,
  SITE_SETTINGS,
} from '../../shared/site-settings';
import { field } from './ui/format';

/** What the form holds for a setting: a typed value, the text of a number being typed, or null (reset). */
export type Draft = SettingValue | null;

const readDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** One setting: its input, where its value comes from, its default, and a reset to the default. */
export function SettingField({
  view,
  draft,
  error,
  onChange,
}: {
  view: SettingView;
  /** undefined: untouched. */
  draft: Draft | undefined;
  error: string | undefined;
  onChange: (value: Draft | undefined) => void;
}) {
  const { t } = useTranslation();
  const [upload, setUpload] = useState({ busy: false, message: '', failed: false });
  const { key } = view;
  const kind = SITE_SETTINGS[key].kind;
  const id = `setting-${key}`;
  const label = t(`common:field.values.${key}`);
  const resetting = draft === null;
  const shown = draft === undefined || draft === null ? (resetting ? view.defaultValue : view.value) : draft;
  const show = (v: SettingValue) =>
    typeof v === 'boolean'
      ? t(v ? 'admin:settings.on' : 'admin:settings.off')
      : v === ''
        ? t('admin:settings.empty')
        : String(v);

  async function pick(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!(SETTING_IMAGE_TYPES as readonly string[]).includes(file.type))
      return setUpload({ busy: false, message: t('admin:settings.imageType'), failed: true });
    if (file.size > SETTING_IMAGE_MAX_BYTES)
      return setUpload({
        busy: false,
        message: t('admin:settings.imageSize', { max: Math.round(SETTING_IMAGE_MAX_BYTES / 1024) }),
        failed: true,
      });
    setUpload({ busy: true, message: t('admin:settings.uploading'), failed: false });
    // The transport sends the login token with it, which raises this upload's body limit (body-limits.ts).
    const res = await consoleCall('POST', '/admin/settings/image', { image: await readDataUrl(file) });
    setUpload({ busy: false, message: res.ok ? '' : res.result || t('admin:error'), failed: !res.ok });
    if (res.ok) onChange(res.data.url);
  }

  const input =
    kind === 'bool' ? (
      <input
        id={id}
        type="checkbox"
        className="h-5 w-5 accent-brand-600"
        checked={shown === true}
        onChange={(e) => onChange(e.target.checked)}
      />
    ) : kind === 'image' ? (
      <div className="flex flex-wrap items-center gap-3">
        <img
          src={String(shown)}
          alt={t('admin:settings.preview', { name: label })}
          className="h-24 w-24 rounded-lg bg-white object-contain ring-1 ring-slate-200"
        />
        <label className={buttonClass('secondary', 'cursor-pointer')}>
          {t('admin:settings.upload')}
          <input
            id={id}
            type="file"
            accept={SETTING_IMAGE_TYPES.join(',')}
            className="sr-only"
            disabled={upload.busy}
            onChange={(e) => void pick(e)}
          />
        </label>
      </div>
    ) : (
      <input
        id={id}
        className={field}
        type={kind === 'int' ? 'number' : 'text'}
        inputMode={kind === 'int' ? 'numeric' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-about`}
        value={String(shown)}
        onChange={(e) => onChange(e.target.value)}
      />
    );

  return (
    <div className="space-y-2 border-t border-slate-200 py-3 first:border-t-0 dark:border-slate-800">
      <div className={kind === 'bool' ? 'flex items-center gap-3' : 'space-y-1'}>
        {kind === 'bool' && input}
        <label htmlFor={id} className="block text-sm font-medium">
          {label}
        </label>
      </div>
      {kind !== 'bool' && input}
      <div
        id={`${id}-about`}
        className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-300"
      >
        <span
          data-source={view.source}
          className="rounded-full bg-slate-100 px-2 py-0.5 data-[source=console]:bg-brand-600 data-[source=console]:text-white dark:bg-slate-800"
        >
          {t(`admin:settings.source.${view.source}`)}
        </span>
        {view.inactive && (
          <span data-inactive className="basis-full font-medium text-amber-800 dark:text-amber-300">
            {t(`admin:settings.inactive.${view.inactive}`)}
          </span>
        )}
        {kind === 'calendar' && <span className="basis-full">{t('admin:settings.calendarFormat')}</span>}
        {kind !== 'image' && <span>{t('admin:settings.default', { value: show(view.defaultValue) })}</span>}
        {view.updatedAt && (
          <span>{t('admin:settings.updatedAt', { at: new Date(view.updatedAt).toLocaleString() })}</span>
        )}
        {resetting ? (
          <>
            <span className="font-medium">{t('admin:settings.willReset')}</span>
            <button type="button" className="underline" onClick={() => onChange(undefined)}>
              {t('admin:settings.undo')}
            </button>
          </>
        ) : (
          (view.source === 'console' || draft !== undefined) && (
            <button
              type="button"
              className="underline"
              onClick={() => onChange(view.source === 'console' ? null : undefined)}
            >
              {t('admin:settings.reset')}
            </button>
          )
        )}
      </div>
      {(error || upload.message) && (
        <p
          role={error ? 'alert' : 'status'}
          className={error || upload.failed ? 'text-sm text-red-700 dark:text-red-300' : 'text-sm'}
        >
          {error || upload.message}
        </p>
      )}
    </div>
  );
}
