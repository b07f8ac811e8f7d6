import { DialogBackdrop, DialogPanel, DialogTitle, Dialog as HeadlessDialog } from '@headlessui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SvgIcon } from './SvgIcon';

const WIDTHS = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-2xl' } as const;

export interface DialogProps {
  open: boolean;
  /** Called by the close button, and by Escape or a mask click when `maskClosable`. */
  onClose: () => void;
  title?: ReactNode;
  children: ReactNode;
  /** Buttons row under the content. */
  footer?: ReactNode;
  /**
   * False keeps the dialog open on a mask click and on Escape, so only the
   * close button or an explicit action closes it (the pay dialog, docs/routes-and-screens.md).
   */
  maskClosable?: boolean;
  /** Shows the × button; on by default. */
  closable?: boolean;
  size?: keyof typeof WIDTHS;
  /** Label of the × button; defaults to layout:dialog.close. */
  closeLabel?: string;
  className?: string;
}

function ignoreClose(): void {
  // headlessui requires onClose; a non-mask-closable dialog ignores mask and Escape.
}

/** Modal dialog: focus trap, scroll lock, labelled by its title, fades in unless motion is reduced. */
export function Dialog({
  open,
  onClose,
  title,
  children,
  footer,
  maskClosable = true,
  closable = true,
  size = 'md',
  closeLabel,
  className = '',
}: DialogProps) {
  const { t } = useTranslation('layout');
  return (
    <HeadlessDialog
      open={open}
      onClose={maskClosable ? onClose : ignoreClose}
      className="fixed inset-0 z-50 flex justify-center overflow-y-auto p-4"
    >
      {/* The root carries the full-screen box, so the dialog itself counts as visible to tests and tools. */}
      {/* No `transition`: Headless UI 2.2 can leave a dialog closed during its enter transition mounted over the
          page (its leave never completes), so dialogs only fade in, with a CSS animation nothing waits for. */}
      <DialogBackdrop className="fixed inset-0 animate-dialog-mask bg-slate-950/50 motion-reduce:animate-none" />
      <DialogPanel
        className={`relative my-auto w-full ${WIDTHS[size]} animate-dialog-panel rounded-2xl bg-white p-6 text-slate-900 shadow-xl ring-1 ring-slate-900/5 motion-reduce:animate-none dark:bg-slate-900 dark:text-slate-100 dark:ring-white/10 ${className}`}
      >
        {title !== undefined && (
          <DialogTitle className="pr-8 text-lg font-semibold leading-7 text-slate-900 dark:text-white">
            {title}
          </DialogTitle>
        )}
        {closable && (
          <button
            type="button"
            onClick={onClose}
            aria-label={closeLabel ?? t('dialog.close')}
            className="absolute right-3 top-3 inline-flex size-9 items-center justify-center rounded-full text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-800 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
          >
            <SvgIcon name="close" />
          </button>
        )}
        <div className={title !== undefined ? 'mt-4' : ''}>{children}</div>
        {footer && <div className="mt-6 flex flex-wrap justify-end gap-3">{footer}</div>}
      </DialogPanel>
    </HeadlessDialog>
  );
}
