import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';

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

export interface ReferencePickerProps {
  /** JPEG data URLs, downscaled in the browser (the submit's base64Array). */
  value: string[];
  onChange: (references: string[]) => void;
  /** How many may be picked: /sd takes 4, /draw one (picture to picture). */
  max: number;
  label: string;
  hint: string;
}

/** Reference pictures for a drawing: thumbnails to remove with a click, and a + to pick more. */
export function ReferencePicker({ value, onChange, max, label, hint }: ReferencePickerProps) {
  const { t } = useTranslation('drawing');
  const file = useId();
  const add = async (files: FileList | null) => {
    const picked = [...(files ?? [])].slice(0, max - value.length);
    const added: string[] = [];
    for (const f of picked) {
      try {
        added.push(await shrink(f));
      } catch {
        toast.warning(t('reference.invalid'));
      }
    }
    onChange([...value, ...added]);
  };
  return (
    <div data-references>
      <span className="field-label">{label}</span>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        {value.map((src, i) => (
          <button
            key={src.slice(-24)}
            type="button"
            className="relative size-16 overflow-hidden rounded-lg ring-1 ring-slate-200 dark:ring-slate-700"
            aria-label={t('advanced.removeReference', { n: i + 1 })}
            onClick={() => onChange(value.filter((_, j) => j !== i))}
          >
            <img src={src} alt="" className="size-full object-cover" />
            <span className="absolute right-0 top-0 rounded-bl bg-slate-900/70 px-1 text-xs text-white">×</span>
          </button>
        ))}
        {value.length < max && (
          <label
            htmlFor={file}
            className="flex size-16 cursor-pointer items-center justify-center rounded-lg border border-dashed border-slate-300 text-2xl text-slate-500 dark:text-slate-400 hover:border-brand-400 dark:border-slate-700"
          >
            +
            <input
              id={file}
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              multiple={max > 1}
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
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{hint}</p>
    </div>
  );
}
