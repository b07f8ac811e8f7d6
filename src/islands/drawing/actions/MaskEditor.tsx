import { type KeyboardEvent, type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';
import { Dialog } from '../../../components/Dialog';
import { EditDialogFooter, type EditDialogProps, PromptField } from './EditDialogParts';
import {
  brushPixels,
  maskDataUrl,
  maskKey,
  movedCursor,
  paintedAt,
  paintStrokes,
  type Size,
  type Stroke,
  toNatural,
} from './mask-strokes';

/**
 * Vary (Region): paint over the part of the picture to draw again. The brush works with mouse, pen and touch
 * (pointer events) and from the keyboard (the canvas takes focus: arrows move a ring, Shift+arrows paint,
 * Space or Enter dabs); the strokes are kept in the picture's own pixels, and Submit sends them as a mask of
 * that size, white where painted on black.
 */
export function MaskEditor({ target, onClose, onSubmit }: EditDialogProps) {
  const { t } = useTranslation('drawing');
  const ids = { brush: useId(), keys: useId() };
  const canvas = useRef<HTMLCanvasElement>(null);
  const painting = useRef(false);
  const [natural, setNatural] = useState<Size | null>(
    target.width && target.height ? { width: target.width, height: target.height } : null,
  );
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [brush, setBrush] = useState(32);
  const [prompt, setPrompt] = useState(target.prompt);
  /** The keyboard's brush, in natural pixels; shown as a ring while the canvas has focus. */
  const [cursor, setCursor] = useState<[number, number] | null>(null);
  /** Whether the last key painted as it moved, so the next Shift+arrow goes on with that stroke. */
  const keyStroke = useRef(false);

  // Repainted when the strokes, the ring or the brush change, not on every keystroke in the prompt.
  useEffect(() => {
    const el = canvas.current;
    const ctx = el?.getContext('2d');
    if (!el || !ctx || !natural) return;
    ctx.clearRect(0, 0, natural.width, natural.height);
    paintStrokes(ctx, strokes, '#ec4899');
    if (!cursor) return;
    ctx.beginPath();
    ctx.lineWidth = Math.max(2, natural.width / 200);
    ctx.strokeStyle = '#0f172a';
    ctx.arc(cursor[0], cursor[1], brushPixels(brush, natural, el.getBoundingClientRect().width) / 2, 0, Math.PI * 2);
    ctx.stroke();
  }, [strokes, natural, cursor, brush]);

  const brushSize = () =>
    natural && canvas.current ? brushPixels(brush, natural, canvas.current.getBoundingClientRect().width) : 1;

  const key = (e: KeyboardEvent<HTMLDivElement>) => {
    const action = natural ? maskKey(e.key, e.shiftKey) : null;
    if (!action || !natural) return;
    e.preventDefault();
    const size = brushSize();
    const at = cursor ?? [natural.width / 2, natural.height / 2];
    if ('dab' in action) {
      keyStroke.current = false;
      setStrokes((s) => paintedAt(s, at, size, false));
      return;
    }
    const next = movedCursor(at, action.move, Math.max(1, size / 2), natural);
    setCursor(next);
    if (action.paint) {
      // A new Shift+arrow run starts its stroke where the brush was.
      const going = keyStroke.current;
      setStrokes((s) => paintedAt(going ? s : paintedAt(s, at, size, false), next, size, true));
    }
    keyStroke.current = action.paint;
  };

  const at = (e: PointerEvent<HTMLCanvasElement>) =>
    natural ? toNatural(e.clientX, e.clientY, e.currentTarget.getBoundingClientRect(), natural) : null;

  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    const point = at(e);
    if (!point || !natural) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    painting.current = true;
    const size = brushSize();
    setStrokes((s) => [...s, { size, points: [point] }]);
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
        <p id={ids.keys} className="text-xs text-slate-500 dark:text-slate-400">
          {t('mask.keys')}
        </p>
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
              // The painting surface: an application region with its own keys (the keyboard's brush), the canvas inside
              // for the pointer.
              <div
                role="application"
                // biome-ignore lint/a11y/noNoninteractiveTabindex: an application region handles its own keys; it must take focus.
                tabIndex={0}
                aria-label={t('mask.canvas')}
                aria-describedby={ids.keys}
                className="absolute inset-0 rounded focus-visible:outline-4 focus-visible:outline-brand-600"
                onKeyDown={key}
                onFocus={() => setCursor((c) => c ?? [natural.width / 2, natural.height / 2])}
                onBlur={() => {
                  keyStroke.current = false;
                  setCursor(null);
                }}
                data-mask-surface
              >
                <canvas
                  ref={canvas}
                  width={natural.width}
                  height={natural.height}
                  className="block size-full cursor-crosshair touch-none opacity-60"
                  onPointerDown={down}
                  onPointerMove={move}
                  onPointerUp={up}
                  onPointerCancel={up}
                  data-mask-canvas
                />
              </div>
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
        <p className="sr-only" aria-live="polite">
          {t('mask.painted', { count: strokes.length })}
        </p>
        <PromptField value={prompt} onChange={setPrompt} rows={2} />
        <EditDialogFooter onClose={onClose} ready={Boolean(natural) && strokes.length > 0} />
      </form>
    </Dialog>
  );
}
