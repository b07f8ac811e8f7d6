import { useTranslation } from 'react-i18next';
import { IconButton } from '../../../components/conversation/icons';
import { MessageFrame, messageAction } from '../../../components/conversation/MessageFrame';
import { saveLabelled } from '../../../lib/save-attachment';
import { toast } from '../../../lib/toast';
import { type ActionKey, DrawingStatus } from '../../../shared/drawing';
import { ActionButtons } from '../actions/ActionButtons';
import { type Picture, setVisibility } from '../draw-api';
import { isFinal } from '../draw-rules';
import { MjReply } from './MjReply';
import { findByTask, type MjMessage, updateMjMessage } from './mj-actions';

export interface MjMessageViewProps {
  message: MjMessage;
  /** The prompt this message is, or answers. */
  prompt: string;
  onOpen: (p: Picture) => void;
  onCopy: (prompt: string) => void;
  /** Puts the prompt (and the picture's ratio) back in the composer. */
  onSameStyle: (prompt: string, drawRate?: string) => void;
  onDelete: () => void;
  /** A task of the user is running: the picture's buttons and Retry wait (one at a time). */
  busy: boolean;
  /** A button under a finished picture (upscale, vary, zoom…). */
  onAction: (key: ActionKey) => void;
  /** Retry on a failed drawing. */
  onRetry: () => void;
}

/** An image-chat message in the chat's layout: a prompt, or the drawing it became with its picture's actions. */
export function MjMessageView(props: MjMessageViewProps) {
  const { message, prompt, onOpen, onCopy, onSameStyle, onDelete } = props;
  const { t } = useTranslation('drawing');
  const d = message.drawing;
  const done = d?.status === DrawingStatus.DONE && d.imageUrl ? d : null;
  const failed = Boolean(message.error) || (d ? isFinal(d.status) && !done : false);
  const running = Boolean(d && !done && !failed);
  return (
    <MessageFrame
      mine={message.inversion}
      dateTime={message.dateTime}
      error={failed}
      bare={Boolean(done)}
      actions={
        <>
          {done?.imageUrl && (
            <IconButton
              icon="download"
              label={t('viewer.download')}
              className={messageAction}
              onClick={() => void saveLabelled('picture', done.id, `miaobi-${done.id} (AI生成).webp`)}
            />
          )}
          {done && <VisibilityButton id={done.id} publicFlag={done.publicFlag} />}
          {prompt && (
            <IconButton icon="copy" label={t('action.copy')} className={messageAction} onClick={() => onCopy(prompt)} />
          )}
          {prompt && (
            <IconButton
              icon="regenerate"
              label={t('action.sameStyle')}
              className={messageAction}
              onClick={() => {
                onSameStyle(prompt, done?.drawRate);
                toast.info(t('sameStyle.filled'));
              }}
            />
          )}
          <IconButton
            icon="trash"
            label={t('action.delete')}
            className={messageAction}
            onClick={onDelete}
            disabled={running}
          />
        </>
      }
    >
      {message.inversion ? (
        message.text
      ) : (
        <>
          <MjReply message={message} prompt={prompt} onOpen={onOpen} />
          {done?.actions && <ActionButtons actions={done.actions} disabled={props.busy} onPress={props.onAction} />}
          {d?.id && d.status === DrawingStatus.FAILED && (
            <button
              type="button"
              className="mt-2 rounded-lg px-3 py-1 text-sm font-medium ring-1 ring-red-300 hover:bg-red-50 disabled:opacity-50 dark:ring-red-800 dark:hover:bg-red-950"
              disabled={props.busy}
              onClick={props.onRetry}
            >
              {t('act.retry')}
            </button>
          )}
        </>
      )}
    </MessageFrame>
  );
}

/** Makes a finished picture public (the square) or private again; the reply keeps the new state. */
function VisibilityButton({ id, publicFlag }: { id: string; publicFlag?: number }) {
  const { t } = useTranslation('drawing');
  const isPublic = publicFlag === 1;
  return (
    <IconButton
      icon={isPublic ? 'lock' : 'globe'}
      label={t(isPublic ? 'visibility.makePrivate' : 'visibility.makePublic')}
      className={messageAction}
      onClick={async () => {
        const r = await setVisibility(id, isPublic ? 2 : 1);
        if (r.kind !== 'reply') return;
        const at = findByTask(id);
        if (at)
          updateMjMessage(at.uuid, at.id, {
            drawing: {
              id,
              status: r.data.status,
              progress: 100,
              publicFlag: r.data.drawPublicFlag,
              review: r.data.review,
            },
          });
        toast.success(
          t(
            isPublic
              ? 'visibility.nowPrivate'
              : r.data.review === 'pending'
                ? 'visibility.nowPending'
                : 'visibility.nowPublic',
          ),
        );
      }}
    />
  );
}
