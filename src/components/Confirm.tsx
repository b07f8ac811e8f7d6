import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from './button-styles';
import { useConfirmState } from './confirm-state';
import { Dialog } from './Dialog';

export interface ConfirmOptions {
  /** Defaults to layout:confirm.title. */
  title?: ReactNode;
  content: ReactNode;
  okText?: string;
  cancelText?: string;
  /** Red confirm button, for deletions. */
  danger?: boolean;
}

export interface ConfirmProps extends ConfirmOptions {
  open: boolean;
  onConfirm: () => void;
  /** Cancel button, ×, Escape and mask click all cancel. */
  onCancel: () => void;
  /** Disables both buttons while the confirmed action runs. */
  busy?: boolean;
}

/** A yes/no question, e.g. '确定要删除吗？' before a delete. */
export function Confirm({
  open,
  onConfirm,
  onCancel,
  busy = false,
  title,
  content,
  okText,
  cancelText,
  danger,
}: ConfirmProps) {
  const { t } = useTranslation('layout');
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      size="sm"
      title={title ?? t('confirm.title')}
      footer={
        <>
          <button type="button" className={buttonClass('secondary')} onClick={onCancel} disabled={busy}>
            {cancelText ?? t('confirm.cancel')}
          </button>
          <button
            type="button"
            className={buttonClass(danger ? 'danger' : 'primary')}
            onClick={onConfirm}
            disabled={busy}
            data-autofocus
          >
            {okText ?? t('confirm.ok')}
          </button>
        </>
      }
    >
      <div className="text-sm leading-6 text-slate-700 dark:text-slate-300">{content}</div>
    </Dialog>
  );
}

/**
 * Promise-style confirmation: render `confirmElement` once, then
 * `if (await confirm({ content })) …`. A second call while one is open
 * answers the first with false.
 */
export function useConfirm(): { confirm: (options: ConfirmOptions) => Promise<boolean>; confirmElement: ReactNode } {
  const { confirm, dialog } = useConfirmState();
  return { confirm, confirmElement: dialog ? <Confirm {...dialog} /> : null };
}
