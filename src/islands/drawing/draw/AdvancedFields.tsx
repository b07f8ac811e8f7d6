import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';

export interface AdvancedValues {
  negativePrompt: string;
  /** Empty: random. */
  seed: string;
  /** JPEG data URLs, downscaled in the browser. */
  references: string[];
}

export const EMPTY_ADVANCED: AdvancedValues = { negativePrompt: '', seed: '', references: [] };

const MAX_REFERENCES = 4;
const SIDE = 768;

/** Decodes a picked file and re-encodes it small, so the request stays under the body limit. */
async function shrink(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas.toDataURL('image/jpeg', 0.85);
}

const field =
  'mt-1 w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-950';

/** The /sd page's extra inputs: negative prompt, seed and reference images (base64Array). */
export function AdvancedFields({ value, onChange }: { value: AdvancedValues; onChange: (v: AdvancedValues) => void }) {
  const { t } = useTranslation('drawing');
  const ids = { negative: useId(), seed: useId(), file: useId() };
  const add = async (files: FileList | null) => {
    const picked = [...(files ?? [])].slice(0, MAX_REFERENCES - value.references.length);
    const added: string[] = [];
    for (const file of picked) {
      try {
        added.push(await shrink(file));
      } catch {
        toast.warning(t('reference.invalid'));
      }
    }
    onChange({ ...value, references: [...value.references, ...added] });
  };
  return (
    <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_10rem]">
      <div>
        <label htmlFor={ids.negative} className="text-sm font-medium text-slate-800 dark:text-slate-100">
          {t('advanced.negative')}
        </label>
        <input
          id={ids.negative}
          value={value.negativePrompt}
          maxLength={1000}
          placeholder={t('advanced.negativePlaceholder')}
          onChange={(e) => onChange({ ...value, negativePrompt: e.target.value })}
          className={field}
        />
      </div>
      <div>
        <label htmlFor={ids.seed} className="text-sm font-medium text-slate-800 dark:text-slate-100">
          {t('advanced.seed')}
        </label>
        <input
          id={ids.seed}
          inputMode="numeric"
          value={value.seed}
          placeholder={t('advanced.seedRandom')}
          onChange={(e) => onChange({ ...value, seed: e.target.value.replace(/\D/g, '').slice(0, 10) })}
          className={field}
        />
      </div>
      <div className="sm:col-span-2">
        <span className="text-sm font-medium text-slate-800 dark:text-slate-100">{t('advanced.reference')}</span>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          {value.references.map((src, i) => (
            <button
              key={src.slice(-24)}
              type="button"
              className="relative size-16 overflow-hidden rounded-lg ring-1 ring-slate-200 dark:ring-slate-700"
              aria-label={t('advanced.removeReference', { n: i + 1 })}
              onClick={() => onChange({ ...value, references: value.references.filter((_, j) => j !== i) })}
            >
              <img src={src} alt="" className="size-full object-cover" />
              <span className="absolute right-0 top-0 rounded-bl bg-slate-900/70 px-1 text-xs text-white">×</span>
            </button>
          ))}
          {value.references.length < MAX_REFERENCES && (
            <label
              htmlFor={ids.file}
              className="flex size-16 cursor-pointer items-center justify-center rounded-lg border border-dashed border-slate-300 text-2xl text-slate-500 dark:text-slate-400 hover:border-brand-400 dark:border-slate-700"
            >
              +
              <input
                id={ids.file}
                type="file"
                accept="image/png,image/jpeg,image/webp,image/gif"
                multiple
                className="sr-only"
                aria-label={t('advanced.addReference')}
                onChange={(e) => {
                  void add(e.target.files);
                  e.target.value = '';
                }}
              />
            </label>
          )}
        </div>
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t('advanced.referenceHint')}</p>
      </div>
    </div>
  );
}
