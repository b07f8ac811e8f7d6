import { useTranslation } from 'react-i18next';
import type { ActionKey } from '../../../shared/drawing';
import { actionRows, glyphOf, labelKey } from './action-ui';

const BUTTON =
  'min-w-10 rounded-lg bg-white px-2.5 py-1 text-sm font-medium text-slate-700 ring-1 ring-slate-300 transition-colors hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600 dark:hover:bg-slate-700';

export interface ActionButtonsProps {
  /** The keys the picture offers (DrawingMessage.actions); only these are shown. */
  actions: readonly ActionKey[];
  /** A task is running: one at a time per user, so every button waits. */
  disabled: boolean;
  onPress: (key: ActionKey) => void;
}

/** A finished picture's Midjourney-style button rows (U1–U4 / V1–V4 / 🔄 on a grid; vary, zoom, pan, upscale on one). */
export function ActionButtons({ actions, disabled, onPress }: ActionButtonsProps) {
  const { t } = useTranslation('drawing');
  const rows = actionRows(actions);
  if (rows.length === 0) return null;
  return (
    // A disabled fieldset disables every button in it at once.
    <fieldset disabled={disabled} aria-label={t('act.group')} className="mt-2 space-y-1.5" data-draw-actions>
      {rows.map((row) => (
        <div key={row.join()} className="flex flex-wrap gap-1.5">
          {row.map((key) => {
            const label = t(labelKey(key));
            const glyph = glyphOf(key);
            return (
              <button
                key={key}
                type="button"
                className={BUTTON}
                // The short face (U2, an arrow) is part of the name, so speech and sight agree.
                aria-label={glyph ? label : undefined}
                title={glyph ? label : undefined}
                onClick={() => onPress(key)}
              >
                {glyph ?? label}
              </button>
            );
          })}
        </div>
      ))}
    </fieldset>
  );
}
