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
      <legend className="mb-2 field-label">{legend}</legend>
      {children}
    </fieldset>
  );
}

const option =
  'flex cursor-pointer items-center justify-center gap-2 rounded-xl px-2 py-2 text-sm ring-1 ring-slate-200 transition-colors hover:ring-brand-300 has-checked:bg-brand-50 has-checked:font-medium has-checked:text-brand-700 has-checked:ring-2 has-checked:ring-brand-500 has-focus-visible:outline-2 has-focus-visible:outline-brand-500 dark:ring-slate-700 dark:has-checked:bg-brand-500/15 dark:has-checked:text-brand-100';

/** Radio buttons drawn as tiles, one a value, in a labelled group. */
function Choices<T extends string | number>(props: {
  legend: string;
  name: string;
  values: readonly T[];
  value: T;
  onChange: (value: T) => void;
  label: (value: T) => ReactNode;
  columns: string;
}) {
  return (
    <Group legend={props.legend}>
      <div className={`grid gap-2 ${props.columns}`}>
        {props.values.map((v) => (
          <label key={v} className={option}>
            <input
              type="radio"
              name={props.name}
              value={v}
              checked={props.value === v}
              onChange={() => props.onChange(v)}
              className="sr-only"
            />
            {props.label(v)}
          </label>
        ))}
      </div>
    </Group>
  );
}

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
  const { t } = useTranslation('drawing');
  const settings = useStore($drawSettings);
  const [stepsText, setStepsText] = useState(String(settings.drawSteps));
  useEffect(() => setStepsText(String(settings.drawSteps)), [settings.drawSteps]);

  const commitSteps = () => {
    if (setSteps(stepsText)) toast.warning(t('steps.max'));
    setStepsText(String($drawSettings.get().drawSteps));
  };

  return (
    <div className="space-y-6">
      <Choices
        legend={t('settings.ratio')}
        name="draw-ratio"
        values={ASPECT_RATIOS}
        value={settings.selectedAspectRatio}
        onChange={setAspectRatio}
        label={(ratio) => (
          <>
            <RatioShape ratio={ratio} />
            {ratio}
          </>
        )}
        columns="grid-cols-3"
      />
      <Choices
        legend={t('settings.quality')}
        name="draw-quality"
        values={QUALITIES}
        value={settings.drawSelectedOption}
        onChange={setQuality}
        label={(q) => t(`quality.${q}`)}
        columns="grid-cols-3"
      />
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
      <Choices
        legend={t('settings.visibility')}
        name="draw-public"
        values={[1, 2] as const}
        value={settings.drawPublicFlag}
        onChange={setPublicFlag}
        label={(flag) => t(flag === 1 ? 'settings.public' : 'settings.private')}
        columns="grid-cols-2"
      />
      {extra}
    </div>
  );
}
