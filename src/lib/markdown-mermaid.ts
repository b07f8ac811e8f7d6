import DOMPurify from 'dompurify';
import mermaid from 'mermaid';
import type { EnhanceLabels } from './markdown-enhance';

/**
 * Draws ```mermaid blocks (marked `data-mermaid` by the renderer) as SVG in front of
 * their code block, which is then hidden. A block Mermaid cannot read stays as
 * code with a note under it.
 *
 * A diagram's source comes from a model or a shared conversation, so its labels
 * are text only: 'strict' security (no click handlers), labels drawn as SVG text
 * (`htmlLabels: false`, which a diagram's own `%%{init}%%` may not turn back on),
 * and the drawn SVG sanitised again with an allow-list of SVG elements that keeps
 * no link, picture, embedded HTML (foreignObject) or reference to another document.
 */

let theme: 'default' | 'dark' | undefined;
let count = 0;
let watching = false;

const currentTheme = () => (document.documentElement.classList.contains('dark') ? 'dark' : 'default');

function configure(): void {
  const wanted = currentTheme();
  if (theme === wanted) return;
  theme = wanted;
  mermaid.initialize({
    startOnLoad: false,
    securityLevel: 'strict',
    htmlLabels: false,
    // Settings a diagram's `%%{init}%%` may not change (Mermaid's defaults, then ours).
    secure: [
      'secure',
      'securityLevel',
      'startOnLoad',
      'maxTextSize',
      'suppressErrorRendering',
      'maxEdges',
      'htmlLabels',
      'themeCSS',
    ],
    theme,
    fontFamily: 'inherit',
  });
}

/** Never kept, even where an SVG allows them: links, pictures, references, embedded HTML (their text stays). */
const FORBIDDEN = ['a', 'image', 'use', 'foreignObject', 'feImage', 'script', 'iframe', 'img', 'video', 'audio'];

/** Mermaid's SVG with only drawing elements and no attribute pointing elsewhere. */
export function cleanDiagram(svg: string): string {
  return DOMPurify.sanitize(svg, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: FORBIDDEN,
    FORBID_ATTR: ['href', 'xlink:href', 'src', 'action', 'formaction'],
  });
}

async function draw(block: HTMLElement, labels: EnhanceLabels): Promise<void> {
  const source = block.querySelector('code')?.textContent ?? '';
  let svg: string;
  try {
    // parse() first: a failed render() can leave its error picture in the page.
    await mermaid.parse(source);
    count += 1;
    ({ svg } = await mermaid.render(`md-diagram-${count}`, source));
  } catch {
    if (!block.nextElementSibling?.classList.contains('md-diagram-error')) {
      const note = document.createElement('p');
      note.className = 'md-diagram-error';
      note.textContent = labels.diagramError;
      block.after(note);
    }
    return;
  }
  let figure = block.previousElementSibling;
  if (!figure?.classList.contains('md-diagram')) {
    figure = document.createElement('div');
    figure.className = 'md-diagram';
    figure.setAttribute('role', 'img');
    figure.setAttribute('aria-label', labels.diagram);
    block.before(figure);
  }
  figure.innerHTML = cleanDiagram(svg);
  block.hidden = true;
}

/** Re-draws every diagram on the page in the new colours when the theme changes. */
function watchTheme(labels: EnhanceLabels): void {
  if (watching) return;
  watching = true;
  new MutationObserver(() => {
    if (theme === currentTheme()) return;
    configure();
    const blocks = [...document.querySelectorAll<HTMLElement>('[data-mermaid][data-rendered]')];
    void blocks.reduce((done, block) => done.then(() => draw(block, labels)), Promise.resolve());
  }).observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
}

export async function renderDiagrams(blocks: HTMLElement[], labels: EnhanceLabels): Promise<void> {
  configure();
  watchTheme(labels);
  for (const block of blocks) {
    if (block.dataset.rendered) continue;
    block.dataset.rendered = '1';
    await draw(block, labels);
  }
}
