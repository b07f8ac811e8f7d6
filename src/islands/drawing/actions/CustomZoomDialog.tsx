import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';
import { Dialog } from '../../../components/Dialog';
import { ZOOM_MAX, ZOOM_MIN } from '../../../shared/drawing';
import { type ActionExtra, type ActionTarget, parseZoom } from './action-ui';

export interface EditDialogProps {
  target: ActionTarget;
  onClose: () => void;
  onSubmit: (extra: ActionExtra) => void;
}

const field =
  'w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-950';

/** Custom Zoom: a zoom-out factor from 1 to 2 (typed or slid) and the prompt to fill the new border with. */
export function CustomZoomDialog({ target, onClose, onSubmit }: EditDialogProps) {
  const { t } = useTranslation('drawing');
  const ids = { factor: useId(), slider: useId(), prompt: useId(), error: useId() };
  const [text, setText] = useState('2');
  const [prompt, setPrompt] = useState(target.prompt);
  const zoom = parseZoom(text);
  return (
    <Dialog open onClose={onClose} title={t('zoomDialog.title')}>
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (zoom !== null) onSubmit({ zoom, prompt });
        }}
        data-zoom-dialog
      >
        <div>
          <label htmlFor={ids.factor} className="text-sm font-medium">
            {t('zoomDialog.factor', { min: ZOOM_MIN, max: ZOOM_MAX })}
          </label>
          <div className="mt-1 flex items-center gap-3">
            <input
              id={ids.factor}
              type="number"
              inputMode="decimal"
              min={ZOOM_MIN}
              max={ZOOM_MAX}
              step={0.05}
              value={text}
              aria-invalid={zoom === null}
              aria-describedby={zoom === null ? ids.error : undefined}
              onChange={(e) => setText(e.target.value)}
              className={`${field} w-24`}
            />
            <input
              id={ids.slider}
              type="range"
              min={ZOOM_MIN}
              max={ZOOM_MAX}
              step={0.05}
              value={zoom ?? ZOOM_MAX}
              aria-label={t('zoomDialog.slider')}
              onChange={(e) => setText(e.target.value)}
              className="flex-1 accent-brand-600"
            />
          </div>
          {zoom === null && (
            <p id={ids.error} role="alert" className="mt-1 text-sm text-red-600 dark:text-red-400">
              {t('zoomDialog.range', { min: ZOOM_MIN, max: ZOOM_MAX })}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={ids.prompt} className="text-sm font-medium">
            {t('editDialog.prompt')}
          </label>
          <textarea
            id={ids.prompt}
            rows={3}
            maxLength={2000}
            value={prompt}
            onChange={(e) => setPrompt(e.target.value)}
            className={`${field} mt-1 resize-none`}
          />
        </div>
        <div className="flex justify-end gap-3">
          <button type="button" className={buttonClass('secondary')} onClick={onClose}>
            {t('editDialog.cancel')}
          </button>
          <button type="submit" className={buttonClass('primary')} disabled={zoom === null}>
            {t('editDialog.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
