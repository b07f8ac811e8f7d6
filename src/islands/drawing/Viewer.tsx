import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { Dialog } from '../../components/Dialog';
import { saveLabelled } from '../../lib/save-attachment';
import type { ActionKey } from '../../shared/drawing';
import { ActionButtons } from './actions/ActionButtons';
import { type DrawingMessage, isMine, type Picture } from './draw-api';

export interface ViewerProps {
  picture: Picture | null;
  open: boolean;
  onClose: () => void;
  onCopy: (prompt: string) => void;
  /** Offers 'draw same style' when given. */
  onSameStyle?: (picture: Picture) => void;
  /** Offers a picture of mine the actions it lists (upscale, vary, zoom…) when given; the viewer closes first. */
  onAction?: (picture: DrawingMessage, key: ActionKey) => void;
  /** A task is running: the actions wait. */
  busy?: boolean;
}

const ZOOMS = [1, 1.5, 2, 3] as const;

/** Any picture in full size: zoom, download, prompt and the settings it was drawn with. */
export function Viewer({ picture, open, onClose, onCopy, onSameStyle, onAction, busy = false }: ViewerProps) {
  const { t } = useTranslation('drawing');
  const [zoom, setZoom] = useState(0);
  if (!picture) return null;
  const scale = ZOOMS[zoom] ?? 1;
  const close = () => {
    setZoom(0);
    onClose();
  };
  const settings: Array<[string, string]> = [
    [t('settings.ratio'), picture.drawRate],
    [t('settings.quality'), t(`quality.${picture.drawQuality}`)],
    [t('settings.steps'), String(picture.drawSteps)],
  ];
  if (picture.width && picture.height) settings.push([t('viewer.size'), `${picture.width} × ${picture.height}`]);
  return (
    <Dialog open={open} onClose={close} size="lg" title={t('viewer.title')}>
      <div className="relative max-h-[60vh] overflow-auto rounded-xl bg-slate-100 dark:bg-slate-800" data-viewer-stage>
        {picture.imageUrl && (
          <img
            src={picture.imageUrl}
            alt={picture.prompt.slice(0, 200)}
            width={picture.width ?? undefined}
            height={picture.height ?? undefined}
            style={scale > 1 ? { width: `${scale * 100}%`, maxWidth: 'none' } : undefined}
            className={scale > 1 ? 'h-auto' : 'mx-auto max-h-[60vh] w-auto object-contain'}
          />
        )}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={buttonClass('secondary', 'px-3')}
          onClick={() => setZoom((z) => Math.max(0, z - 1))}
          disabled={zoom === 0}
          aria-label={t('viewer.zoomOut')}
        >
          −
        </button>
        <span className="min-w-14 text-center text-sm tabular-nums" aria-live="polite">
          {Math.round(scale * 100)}%
        </span>
        <button
          type="button"
          className={buttonClass('secondary', 'px-3')}
          onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}
          disabled={zoom === ZOOMS.length - 1}
          aria-label={t('viewer.zoomIn')}
        >
          +
        </button>
        <span className="flex-1" />
        {picture.imageUrl && (
          <button
            type="button"
            className={buttonClass('secondary')}
            // The server's file: the 'AI生成' badge and the implicit label, named with 'AI生成'.
            onClick={() => void saveLabelled('picture', picture.id, `miaobi-${picture.id} (AI生成).webp`)}
          >
            {t('viewer.download')}
          </button>
        )}
        <button type="button" className={buttonClass('secondary')} onClick={() => onCopy(picture.prompt)}>
          {t('action.copy')}
        </button>
        {onSameStyle && (
          <button
            type="button"
            className={buttonClass('primary')}
            onClick={() => {
              onSameStyle(picture);
              close();
            }}
          >
            {t('action.sameStyle')}
          </button>
        )}
      </div>
      {onAction && isMine(picture) && (picture.actions ?? []).length > 0 && (
        <ActionButtons
          actions={picture.actions}
          disabled={busy}
          onPress={(key) => {
            close();
            onAction(picture, key);
          }}
        />
      )}
      <h3 className="mt-4 text-sm font-medium text-slate-500 dark:text-slate-400">{t('viewer.prompt')}</h3>
      <p className="mt-1 whitespace-pre-wrap break-words text-sm leading-6">{picture.prompt}</p>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        {settings.map(([label, value]) => (
          <div key={label}>
            <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
