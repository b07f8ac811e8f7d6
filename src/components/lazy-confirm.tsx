import { lazy, type ReactNode, Suspense, useCallback, useRef, useState } from 'react';
import type { ConfirmOptions } from './Confirm';

// The dialog code (headlessui) loads on the first question, not with the page.
const Confirm = lazy(() => import('./Confirm').then((m) => ({ default: m.Confirm })));

/** Like useConfirm() from components/Confirm, with the dialog loaded on first use. */
export function useLazyConfirm(): {
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  confirmElement: ReactNode;
} {
  const [pending, setPending] = useState<{ options: ConfirmOptions; open: boolean } | null>(null);
  const resolveRef = useRef<((answer: boolean) => void) | null>(null);

  const settle = useCallback((answer: boolean) => {
    resolveRef.current?.(answer);
    resolveRef.current = null;
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
    <Suspense fallback={null}>
      <Confirm {...pending.options} open={pending.open} onConfirm={() => settle(true)} onCancel={() => settle(false)} />
    </Suspense>
  ) : null;
  return { confirm, confirmElement };
}
