import type { ComponentProps } from 'react';
import { useHydrated } from '../lib/use-hydrated';

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
