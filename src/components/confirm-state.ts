import { useCallback, useRef, useState } from 'react';
import type { ConfirmOptions, ConfirmProps } from './Confirm';

/**
 * The state behind useConfirm() and useLazyConfirm(): `confirm(options)`
 * resolves with the answer; `dialog` holds Confirm's props (null before the
 * first question). It imports no dialog code, so the lazy variant stays lazy.
 */
export function useConfirmState(): {
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  dialog: ConfirmProps | null;
} {
  const [pending, setPending] = useState<{ options: ConfirmOptions; open: boolean } | null>(null);
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

  const dialog = pending
    ? { ...pending.options, open: pending.open, onConfirm: () => settle(true), onCancel: () => settle(false) }
    : null;
  return { confirm, dialog };
}
