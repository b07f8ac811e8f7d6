import { type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';
import { Dialog } from '../../../components/Dialog';
import { EditDialogFooter, type EditDialogProps, PromptField } from './EditDialogParts';
import { maskDataUrl, paintStrokes, type Size, type Stroke, toNatural } from './mask-strokes';

/**
 * Vary (Region): paint over the part of the picture to draw again. The brush works with mouse, pen and touch
 * (pointer events); the strokes are kept in the picture's own pixels, and Submit sends them as a mask of
 * that size, white where painted on black.
 */
export function MaskEditor({ target, onClose, onSubmit }: EditDialogProps) {
  const { t } = useTranslation('drawing');
  const ids = { brush: useId() };
  const canvas = useRef<HTMLCanvasElement>(null);
  const painting = useRef(false);
  const [natural, setNatural] = useState<Size | null>(
    target.width && target.height ? { width: target.width, height: target.height } : null,
  );
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [brush, setBrush] = useState(32);
  const [prompt, setPrompt] = useState(target.prompt);

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx || !natural) return;
    ctx.clearRect(0, 0, natural.width, natural.height);
    paintStrokes(ctx, strokes, '#ec4899');
  }, [strokes, natural]);

  const at = (e: PointerEvent<HTMLCanvasElement>) =>
    natural ? toNatural(e.clientX, e.clientY, e.currentTarget.getBoundingClientRect(), natural) : null;

  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    const point = at(e);
    if (!point || !natural) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    painting.current = true;
    // The slider is in screen pixels: what the user sees is what gets painted.
    const scale = natural.width / Math.max(1, e.currentTarget.getBoundingClientRect().width);
    setStrokes((s) => [...s, { size: Math.max(1, Math.round(brush * scale)), points: [point] }]);
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    const point = painting.current ? at(e) : null;
    if (!point) return;
    setStrokes((s) => {
      const last = s.at(-1);
      return last ? [...s.slice(0, -1), { ...last, points: [...last.points, point] }] : s;
    });
  };
  const up = () => {
    painting.current = false;
  };

  return (
    <Dialog open onClose={onClose} size="lg" title={t('mask.title')}>
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (natural && strokes.length > 0) onSubmit({ prompt, mask: maskDataUrl(strokes, natural) });
        }}
        data-mask-editor
      >
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('mask.hint')}</p>
        <div className="flex justify-center rounded-xl bg-slate-100 p-2 dark:bg-slate-800">
          <div className="relative inline-block">
            <img
              src={target.imageUrl}
              alt={target.prompt.slice(0, 200)}
              className="block max-h-[45vh] w-auto max-w-full select-none"
              draggable={false}
              onLoad={(e) => {
                // The server's width and height come first: the mask must be the picture's size as stored.
                const { naturalWidth: width, naturalHeight: height } = e.currentTarget;
                if (width && height) setNatural((n) => n ?? { width, height });
              }}
            />
            {natural && (
              <canvas
                ref={canvas}
                width={natural.width}
                height={natural.height}
                role="img"
                aria-label={t('mask.canvas')}
                className="absolute inset-0 size-full cursor-crosshair touch-none opacity-60"
                onPointerDown={down}
                onPointerMove={move}
                onPointerUp={up}
                onPointerCancel={up}
                data-mask-canvas
              />
            )}
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <label htmlFor={ids.brush} className="text-sm font-medium">
            {t('mask.brush')}
          </label>
          <input
            id={ids.brush}
            type="range"
            min={8}
            max={96}
            step={4}
            value={brush}
            onChange={(e) => setBrush(Number(e.target.value))}
            className="w-32 accent-brand-600"
          />
          <span className="flex-1" />
          <button
            type="button"
            className={buttonClass('secondary', 'px-3')}
            disabled={strokes.length === 0}
            onClick={() => setStrokes((s) => s.slice(0, -1))}
          >
            {t('mask.undo')}
          </button>
          <button
            type="button"
            className={buttonClass('secondary', 'px-3')}
            disabled={strokes.length === 0}
            onClick={() => setStrokes([])}
          >
            {t('mask.clear')}
          </button>
        </div>
        <PromptField value={prompt} onChange={setPrompt} rows={2} />
        <EditDialogFooter onClose={onClose} ready={Boolean(natural) && strokes.length > 0} />
      </form>
    </Dialog>
  );
}
