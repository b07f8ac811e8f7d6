import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import type { ActionKey } from '../../../shared/drawing';
import { type ActionExtra, type ActionTarget, type DialogAction, needsDialog } from './action-ui';

// The dialogs (headlessui, the canvas) load on first use, not with the page (bench/RESULTS.md budgets).
const CustomZoomDialog = lazy(() => import('./CustomZoomDialog').then((m) => ({ default: m.CustomZoomDialog })));
const MaskEditor = lazy(() => import('./MaskEditor').then((m) => ({ default: m.MaskEditor })));

/** Runs an action on a picture: the screen's own submit (image chat reply, /draw progress area). */
export type RunAction = (target: ActionTarget, key: ActionKey, extra: ActionExtra) => void;

/**
 * A button press: most run at once; Custom Zoom and Vary (Region) first ask for their factor or mask in a
 * dialog, then run with what it adds.
 */
export function useActionFlow(run: RunAction): {
  press: (target: ActionTarget, key: ActionKey) => void;
  element: ReactNode;
} {
  const [asking, setAsking] = useState<{ target: ActionTarget; key: DialogAction } | null>(null);
  const press = useCallback(
    (target: ActionTarget, key: ActionKey) => {
      if (needsDialog(key)) setAsking({ target, key });
      else run(target, key, {});
    },
    [run],
  );
  const close = () => setAsking(null);
  let element: ReactNode = null;
  if (asking) {
    const props = {
      target: asking.target,
      onClose: close,
      onSubmit: (extra: ActionExtra) => {
        close();
        run(asking.target, asking.key, extra);
      },
    };
    element = (
      <Suspense fallback={null}>
        {asking.key === 'inpaint' ? <MaskEditor {...props} /> : <CustomZoomDialog {...props} />}
      </Suspense>
    );
  }
  return { press, element };
}
