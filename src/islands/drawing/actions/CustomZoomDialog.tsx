import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/Dialog';
import { ZOOM_MAX, ZOOM_MIN } from '../../../shared/drawing';
import { parseZoom } from './action-ui';
import { EditDialogFooter, type EditDialogProps, fieldClass, PromptField } from './EditDialogParts';

/** Custom Zoom: a zoom-out factor from 1 to 2 (typed or slid) and the prompt to fill the new border with. */
export function CustomZoomDialog({ target, onClose, onSubmit }: EditDialogProps) {
  const { t } = useTranslation('drawing');
  const ids = { factor: useId(), slider: useId(), error: useId() };
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
              className={`${fieldClass} w-24`}
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
        <PromptField value={prompt} onChange={setPrompt} rows={3} />
        <EditDialogFooter onClose={onClose} ready={zoom !== null} />
      </form>
    </Dialog>
  );
}
