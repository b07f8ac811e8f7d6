import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import type { ActionKey } from '../../shared/drawing';
import type { DrawingMessage, Picture } from './draw-api';

// The viewer (headlessui) loads on first use, not with the page (bench/RESULTS.md budgets).
const Viewer = lazy(() => import('./Viewer').then((m) => ({ default: m.Viewer })));

/** Promise-style confirmation whose dialog loads on the first question (shared with chat and music). */
export { useLazyConfirm } from '../../components/lazy-confirm';

export interface ViewerActions {
  onCopy: (prompt: string) => void;
  /** 'draw same style' for this picture, or undefined to hide it. */
  sameStyle?: (picture: Picture) => ((picture: Picture) => void) | undefined;
  /** The actions on a picture of mine (upscale, vary, zoom…), or undefined to hide them. */
  act?: (picture: DrawingMessage, key: ActionKey) => void;
  /** A task is running: the actions wait. */
  busy?: boolean;
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
        onAction={actions.act}
        busy={actions.busy}
      />
    </Suspense>
  ) : null;
  return { open: useCallback((picture: Picture) => setState({ picture, open: true }), []), close, element };
}
