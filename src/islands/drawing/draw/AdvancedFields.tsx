import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ReferencePicker } from './ReferencePicker';

export interface AdvancedValues {
  negativePrompt: string;
  /** Empty: random. */
  seed: string;
  /** JPEG data URLs, downscaled in the browser. */
  references: string[];
}

export const EMPTY_ADVANCED: AdvancedValues = { negativePrompt: '', seed: '', references: [] };

const MAX_REFERENCES = 4;

const field = 'mt-1 text-field';

/** The /sd page's extra inputs: negative prompt, seed and reference images (base64Array). */
export function AdvancedFields({ value, onChange }: { value: AdvancedValues; onChange: (v: AdvancedValues) => void }) {
  const { t } = useTranslation('drawing');
  const ids = { negative: useId(), seed: useId() };
  return (
    <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_10rem]">
      <div>
        <label htmlFor={ids.negative} className="field-label">
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
        <label htmlFor={ids.seed} className="field-label">
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
        <ReferencePicker
          value={value.references}
          onChange={(references) => onChange({ ...value, references })}
          max={MAX_REFERENCES}
          label={t('advanced.reference')}
          hint={t('advanced.referenceHint')}
        />
      </div>
    </div>
  );
}

/**
 * Under the prompt: /sd's advanced fields, or /draw's one reference picture (picture to picture). The
 * island and its server-made first view (DrawPreview) both render it, so nothing moves when the island runs.
 */
export function PromptExtras({
  advanced,
  value,
  onChange,
}: {
  advanced: boolean;
  value: AdvancedValues;
  onChange: (v: AdvancedValues) => void;
}) {
  const { t } = useTranslation('drawing');
  if (advanced) return <AdvancedFields value={value} onChange={onChange} />;
  return (
    <div className="mt-3">
      <ReferencePicker
        value={value.references}
        onChange={(references) => onChange({ ...value, references })}
        max={1}
        label={t('advanced.referenceOne')}
        hint={t('advanced.referenceOneHint')}
      />
    </div>
  );
}
