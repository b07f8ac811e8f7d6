import { lazy, type ReactNode, Suspense, useCallback, useRef, useState } from 'react';
import type { ConfirmOptions } from '../Confirm';
import type { Picture } from './draw-api';

// The dialog code (headlessui) loads on first use, not with the page (DESIGN §8 budgets).
const Confirm = lazy(() => import('../Confirm').then((m) => ({ default: m.Confirm })));
const Viewer = lazy(() => import('./Viewer').then((m) => ({ default: m.Viewer })));

/** Promise-style confirmation whose dialog loads on the first question. */
export function useLazyConfirm(): { confirm: (o: ConfirmOptions) => Promise<boolean>; confirmElement: ReactNode } {
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

export interface ViewerActions {
  onCopy: (prompt: string) => void;
  /** 'draw same style' for this picture, or undefined to hide it. */
  sameStyle?: (picture: Picture) => ((picture: Picture) => void) | undefined;
}

/** The picture viewer, loaded on the first picture opened. */
export function useViewer(actions: ViewerActions): {
  open: (p: Picture) => void;
  close: () => void;
  element: ReactNode;
} {
  const [state, setState] = useState<{ picture: Picture; open: boolean } | null>(null);
  const close = useCallback(() => setState((s) => (s ? { ...s, open: false } : s)), []);
  const element = state ? (
    <Suspense fallback={null}>
      <Viewer
        picture={state.picture}
        open={state.open}
        onClose={close}
        onCopy={actions.onCopy}
        onSameStyle={actions.sameStyle?.(state.picture)}
      />
    </Suspense>
  ) : null;
  return { open: useCallback((picture: Picture) => setState({ picture, open: true }), []), close, element };
}
