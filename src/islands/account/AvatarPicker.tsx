import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from './Avatar';
import { errorClass } from './styles';

/** Mirrors the server's limit (it decodes and re-encodes the picture anyway). */
export const AVATAR_MAX_BYTES = 512 * 1024;
const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('empty')));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

export interface AvatarPickerProps {
  /** The new picture as a data: URL, else the current one. */
  src: string | null;
  name: string;
  onPick: (dataUrl: string) => void;
  error: string | null;
  onError: (key: string | null) => void;
}

/** File input checked in the browser first: type and 512 KB. */
export function AvatarPicker({ src, name, onPick, error, onError }: AvatarPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (!AVATAR_TYPES.includes(file.type) || file.size > AVATAR_MAX_BYTES) {
      onError('account:profile.avatarInvalid');
      return;
    }
    try {
      onPick(await readDataUrl(file));
      onError(null);
    } catch {
      onError('account:profile.avatarInvalid');
    }
  };
  return (
    <div>
      <div className="flex items-center gap-4">
        <Avatar src={src} name={name} />
        <div>
          <label
            htmlFor={id}
            className="inline-flex cursor-pointer items-center rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 transition-colors focus-within:outline-2 focus-within:outline-brand-500 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800"
          >
            {t('account:profile.avatarChoose')}
            <input
              id={id}
              type="file"
              accept={AVATAR_TYPES.join(',')}
              className="sr-only"
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              onChange={(event) => void pick(event.target.files?.[0])}
            />
          </label>
          <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
            {t('account:profile.avatarHint')}
          </p>
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} className={errorClass}>
          {t(error)}
        </p>
      )}
    </div>
  );
}
