import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { BUILTIN_ICONS, ICON_MAX_BYTES, uploadIcon } from './apps-api';
import { AppIcon } from './store/AppIcon';

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** A built-in emoji icon, or an uploaded image (checked here for type and size, and by decoding on the server). */
export function IconPicker({ value, onChange }: { value: string; onChange(url: string): void }) {
  const { t } = useTranslation();
  const file = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (chosen: File) => {
    if (!/^image\/(png|jpeg|webp|gif)$/.test(chosen.type)) return toast.error(t('app.iconInvalid'));
    if (chosen.size > ICON_MAX_BYTES) return toast.error(t('app.iconTooLarge'));
    setBusy(true);
    const r = await uploadIcon(await readAsDataUrl(chosen));
    setBusy(false);
    if (r.kind === 'reply') onChange(r.data.iconUrl);
    else if (r.kind === 'business') toast.error(r.result);
  };

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">{t('apps.icon')}</legend>
      <div className="flex flex-wrap items-center gap-2">
        {BUILTIN_ICONS.map((emoji) => {
          const url = `emoji:${emoji}`;
          return (
            <button
              key={emoji}
              type="button"
              aria-pressed={value === url}
              aria-label={t('apps.iconChoice', { icon: emoji })}
              onClick={() => onChange(url)}
              className={`rounded-xl p-0.5 ring-2 ${value === url ? 'ring-brand-500' : 'ring-transparent hover:ring-slate-300'}`}
            >
              <AppIcon iconUrl={url} className="size-10 text-xl" />
            </button>
          );
        })}
        <button
          type="button"
          disabled={busy}
          onClick={() => file.current?.click()}
          className="flex h-11 items-center gap-2 rounded-xl border border-dashed border-slate-300 px-3 text-sm text-slate-600 hover:border-brand-400 dark:border-slate-700 dark:text-slate-300"
        >
          {value.startsWith('/files/') && <AppIcon iconUrl={value} className="size-8" />}
          {busy ? t('apps.uploading') : t('apps.upload')}
        </button>
        <input
          ref={file}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          className="hidden"
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            e.target.value = '';
            if (chosen) void upload(chosen);
          }}
        />
      </div>
      <p className="text-xs text-slate-500 dark:text-slate-400">{t('apps.iconHint')}</p>
    </fieldset>
  );
}
