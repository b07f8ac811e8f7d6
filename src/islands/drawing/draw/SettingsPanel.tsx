import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import {
  $drawSettings,
  ASPECT_RATIOS,
  MAX_STEPS,
  QUALITIES,
  setAspectRatio,
  setPublicFlag,
  setQuality,
  setSteps,
} from '../../../stores/draw-settings';

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-100">{legend}</legend>
      {children}
    </fieldset>
  );
}

const option =
  'flex cursor-pointer items-center justify-center gap-2 rounded-xl px-2 py-2 text-sm ring-1 ring-slate-200 transition-colors hover:ring-brand-300 has-checked:bg-brand-50 has-checked:font-medium has-checked:text-brand-700 has-checked:ring-2 has-checked:ring-brand-500 has-focus-visible:outline-2 has-focus-visible:outline-brand-500 dark:ring-slate-700 dark:has-checked:bg-brand-500/15 dark:has-checked:text-brand-100';

/** A small rectangle of the ratio, as a visual hint. */
function RatioShape({ ratio }: { ratio: string }) {
  const [w, h] = ratio.split(':').map(Number) as [number, number];
  const scale = 18 / Math.max(w, h);
  return (
    <span
      aria-hidden="true"
      className="inline-block rounded-[3px] border-2 border-current opacity-70"
      style={{ width: w * scale, height: h * scale }}
    />
  );
}

/** Left panel: aspect ratio, pixel quality, steps and public flag, kept in the draw-settings store (docs/routes-and-screens.md). */
export function SettingsPanel({ extra }: { extra?: ReactNode }) {
  const { t } = useTranslation('draw');
  const settings = useStore($drawSettings);
  const [stepsText, setStepsText] = useState(String(settings.drawSteps));
  useEffect(() => setStepsText(String(settings.drawSteps)), [settings.drawSteps]);

  const commitSteps = () => {
    if (setSteps(stepsText)) toast.warning(t('steps.max'));
    setStepsText(String($drawSettings.get().drawSteps));
  };

  return (
    <div className="space-y-6">
      <Group legend={t('settings.ratio')}>
        <div className="grid grid-cols-3 gap-2">
          {ASPECT_RATIOS.map((ratio) => (
            <label key={ratio} className={option}>
              <input
                type="radio"
                name="draw-ratio"
                value={ratio}
                checked={settings.selectedAspectRatio === ratio}
                onChange={() => setAspectRatio(ratio)}
                className="sr-only"
              />
              <RatioShape ratio={ratio} />
              {ratio}
            </label>
          ))}
        </div>
      </Group>
      <Group legend={t('settings.quality')}>
        <div className="grid grid-cols-3 gap-2">
          {QUALITIES.map((q) => (
            <label key={q} className={option}>
              <input
                type="radio"
                name="draw-quality"
                value={q}
                checked={settings.drawSelectedOption === q}
                onChange={() => setQuality(q)}
                className="sr-only"
              />
              {t(`quality.${q}`)}
            </label>
          ))}
        </div>
      </Group>
      <Group legend={t('settings.steps')}>
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_STEPS}
          value={stepsText}
          aria-label={t('settings.steps')}
          aria-describedby="draw-steps-hint"
          onChange={(e) => setStepsText(e.target.value)}
          onBlur={commitSteps}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commitSteps();
          }}
          className="w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-900"
        />
        <p id="draw-steps-hint" className="text-xs text-slate-500 dark:text-slate-400">
          {t('settings.stepsHint')}
        </p>
      </Group>
      <Group legend={t('settings.visibility')}>
        <div className="grid grid-cols-2 gap-2">
          {([1, 2] as const).map((flag) => (
            <label key={flag} className={option}>
              <input
                type="radio"
                name="draw-public"
                value={flag}
                checked={settings.drawPublicFlag === flag}
                onChange={() => setPublicFlag(flag)}
                className="sr-only"
              />
              {t(flag === 1 ? 'settings.public' : 'settings.private')}
            </label>
          ))}
        </div>
      </Group>
      {extra}
    </div>
  );
}
