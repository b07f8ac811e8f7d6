/**
 * Turns the placeholders of the answer renderer (src/shared/markdown.ts) into
 * formulas and diagrams, in any element holding its HTML: the chat's answers
 * and server-rendered pages alike (plain DOM, no framework). KaTeX and Mermaid
 * (and KaTeX's stylesheet) are downloaded only when an element needs them, the first time it does.
 */
import './markdown-enhance.css';

export interface EnhanceLabels {
  /** The accessible name of a drawn diagram. */
  diagram: string;
  /** Shown under a diagram's source when it cannot be drawn. */
  diagramError: string;
}

export interface EnhanceOptions {
  labels: EnhanceLabels;
  /** False while the text is still arriving: formulas render as they close, diagrams wait for the end. */
  complete: boolean;
}

const FORMULAS = '[data-math]:not([data-rendered])';
const DIAGRAMS = '[data-mermaid]:not([data-rendered])';

type MathModule = typeof import('./markdown-katex');
let math: MathModule | undefined;
let mathLoading: Promise<MathModule> | undefined;

function loadMath(): Promise<MathModule> {
  mathLoading ??= import('./markdown-katex').then(async (m) => {
    await m.loadStylesheet();
    math = m;
    return m;
  });
  // A failed download is tried again by the next answer that needs it.
  mathLoading.catch(() => {
    mathLoading = undefined;
  });
  return mathLoading;
}

/**
 * Renders what root holds. Once KaTeX is loaded, formulas are drawn before this returns
 * (so a layout effect shows no raw TeX between two streamed pieces); what still needs a
 * download is drawn when the returned promise settles.
 */
export function enhanceMarkdown(root: ParentNode, { labels, complete }: EnhanceOptions): Promise<void> {
  const work: Promise<void>[] = [];
  if (root.querySelector(FORMULAS)) {
    if (math) math.renderFormulas(root.querySelectorAll<HTMLElement>(FORMULAS));
    else work.push(loadMath().then((m) => m.renderFormulas(root.querySelectorAll<HTMLElement>(FORMULAS))));
  }
  if (complete && root.querySelector(DIAGRAMS)) {
    work.push(
      import('./markdown-mermaid').then((m) =>
        m.renderDiagrams([...root.querySelectorAll<HTMLElement>(DIAGRAMS)], labels),
      ),
    );
  }
  return Promise.all(work).then(
    () => undefined,
    // A chunk that failed to download (offline, new deployment): the source stays readable.
    () => undefined,
  );
}
