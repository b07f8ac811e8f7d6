import { type ComponentProps, useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * True once the component runs in the browser. During hydration React uses the server's answer (false), so the
 * first client render matches the HTML, then renders again with true.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/**
 * An island's form. Its controls stay disabled until the island hydrates: React keeps its own (empty) state over
 * whatever was typed into the server's HTML before then, so that text would be lost on the next render or submit.
 * The fieldset has `display: contents`, so the form's own layout (grid, flex) still places the controls.
 */
export function Form({ children, ...props }: ComponentProps<'form'>) {
  const hydrated = useHydrated();
  return (
    <form {...props}>
      <fieldset disabled={!hydrated} className="contents">
        {children}
      </fieldset>
    </form>
  );
}
