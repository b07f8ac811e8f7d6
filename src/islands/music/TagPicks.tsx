import { useTranslation } from 'react-i18next';
import { MOODS, STYLES } from '../../shared/music';

const split = (tags: string) =>
  tags
    .split(/[,，、/]/)
    .map((x) => x.trim())
    .filter(Boolean);

/**
 * Under the style box: the composer's styles and moods in the page's language,
 * added to (or taken out of) the tags on a tap. The composer reads these words in
 * every language (tests/unit/music-locales.test.ts).
 */
export function TagPicks({ value, max, onChange }: { value: string; max: number; onChange: (next: string) => void }) {
  const { t } = useTranslation('music');
  const tags = split(value);
  const has = (word: string) => tags.some((x) => x.toLowerCase() === word.toLowerCase());
  const words = [...STYLES.map((s) => t(`style.${s}`)), ...MOODS.map((m) => t(`mood.${m}`))];
  const toggle = (word: string) => {
    const next = has(word) ? tags.filter((x) => x.toLowerCase() !== word.toLowerCase()) : [...tags, word];
    const joined = next.join(', ');
    if (joined.length <= max) onChange(joined);
  };
  return (
    <fieldset className="mt-2 flex flex-wrap gap-1.5">
      <legend className="sr-only">{t('form.quickPick')}</legend>
      {words.map((word) => (
        <button
          key={word}
          type="button"
          aria-pressed={has(word)}
          onClick={() => toggle(word)}
          className="rounded-full px-2.5 py-0.5 text-xs text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100 aria-pressed:bg-brand-50 aria-pressed:text-brand-800 aria-pressed:ring-brand-400 dark:text-slate-300 dark:ring-slate-700 dark:hover:bg-slate-800 dark:aria-pressed:bg-brand-950 dark:aria-pressed:text-brand-200"
        >
          {word}
        </button>
      ))}
    </fieldset>
  );
}
