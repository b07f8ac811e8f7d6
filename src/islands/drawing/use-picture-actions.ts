import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfirmOptions } from '../../components/Confirm';
import { toast } from '../../lib/toast';
import { Code } from '../../shared/codes';
import { type DrawingMessage, deleteDrawing, type Picture } from './draw-api';
import { copyText } from './draw-rules';

export interface PictureActionsOptions {
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  onDeleted: (id: string) => void;
  /** Fills the form with a picture's prompt and settings. */
  fill: (p: Picture) => void;
}

/** Copy prompt, delete with confirmation (docs/reply-codes.md) and 'draw same style'. */
export function usePictureActions({ confirm, onDeleted, fill }: PictureActionsOptions) {
  const { t } = useTranslation('drawing');

  const copy = useCallback(
    async (prompt: string) => {
      if (await copyText(prompt)) toast.success(t('copy.done'));
      else toast.error(t('copy.failed'));
    },
    [t],
  );

  const remove = useCallback(
    async (p: DrawingMessage) => {
      if (!(await confirm({ content: t('delete.confirm'), danger: true, okText: t('action.delete') }))) return;
      const result = await deleteDrawing(p.id);
      if (result.kind === 'business' && result.code === Code.DELETE_RESULT) {
        toast.success(result.result);
        onDeleted(p.id);
      } else if (result.kind === 'business') toast.error(result.result);
    },
    [confirm, onDeleted, t],
  );

  const sameStyle = useCallback(
    (p: Picture) => {
      fill(p);
      toast.info(t('sameStyle.filled'));
    },
    [fill, t],
  );

  return { copy: (prompt: string) => void copy(prompt), remove: (p: DrawingMessage) => void remove(p), sameStyle };
}
