import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from './button-styles';
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

/** A yes/no question, e.g. SPEC §8's '确定要删除吗？'. */
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

interface Pending {
  options: ConfirmOptions;
  open: boolean;
}

/**
 * Promise-style confirmation: render `confirmElement` once, then
 * `if (await confirm({ content })) …`. A second call while one is open
 * answers the first with false.
 */
export function useConfirm(): { confirm: (options: ConfirmOptions) => Promise<boolean>; confirmElement: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);
  const resolveRef = useRef<((answer: boolean) => void) | null>(null);

  const settle = useCallback((answer: boolean) => {
    resolveRef.current?.(answer);
    resolveRef.current = null;
    // Keep the options while the dialog fades out, so its text does not vanish first.
    setPending((current) => (current ? { ...current, open: false } : current));
  }, []);

  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        resolveRef.current?.(false);
        resolveRef.current = resolve;
        setPending({ options, open: true });
      }),
    [],
  );

  const confirmElement = pending ? (
    <Confirm {...pending.options} open={pending.open} onConfirm={() => settle(true)} onCancel={() => settle(false)} />
  ) : null;

  return { confirm, confirmElement };
}
