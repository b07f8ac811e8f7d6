import { lazy, type ReactNode, Suspense } from 'react';
import type { ConfirmOptions } from './Confirm';
import { useConfirmState } from './confirm-state';

// The dialog code (headlessui) loads on the first question, not with the page.
const Confirm = lazy(() => import('./Confirm').then((m) => ({ default: m.Confirm })));

/** Like useConfirm() from components/Confirm, with the dialog loaded on first use. */
export function useLazyConfirm(): {
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  confirmElement: ReactNode;
} {
  const { confirm, dialog } = useConfirmState();
  const confirmElement = dialog ? (
    <Suspense fallback={null}>
      <Confirm {...dialog} />
    </Suspense>
  ) : null;
  return { confirm, confirmElement };
}
