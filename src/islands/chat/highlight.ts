import hljs from 'highlight.js/lib/core';

type Loader = () => Promise<{ default: Parameters<typeof hljs.registerLanguage>[1] }>;

/** Languages load one chunk each, on first use; aliases map to them. */
const LOADERS: Record<string, Loader> = {
  javascript: () => import('highlight.js/lib/languages/javascript'),
  typescript: () => import('highlight.js/lib/languages/typescript'),
  python: () => import('highlight.js/lib/languages/python'),
  java: () => import('highlight.js/lib/languages/java'),
  go: () => import('highlight.js/lib/languages/go'),
  rust: () => import('highlight.js/lib/languages/rust'),
  cpp: () => import('highlight.js/lib/languages/cpp'),
  c: () => import('highlight.js/lib/languages/c'),
  csharp: () => import('highlight.js/lib/languages/csharp'),
  php: () => import('highlight.js/lib/languages/php'),
  bash: () => import('highlight.js/lib/languages/bash'),
  sql: () => import('highlight.js/lib/languages/sql'),
  json: () => import('highlight.js/lib/languages/json'),
  xml: () => import('highlight.js/lib/languages/xml'),
  css: () => import('highlight.js/lib/languages/css'),
  yaml: () => import('highlight.js/lib/languages/yaml'),
  markdown: () => import('highlight.js/lib/languages/markdown'),
  kotlin: () => import('highlight.js/lib/languages/kotlin'),
  swift: () => import('highlight.js/lib/languages/swift'),
  ruby: () => import('highlight.js/lib/languages/ruby'),
  dockerfile: () => import('highlight.js/lib/languages/dockerfile'),
};
const ALIASES: Record<string, string> = {
  js: 'javascript',
  jsx: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  py: 'python',
  golang: 'go',
  rs: 'rust',
  'c++': 'cpp',
  cs: 'csharp',
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  html: 'xml',
  vue: 'xml',
  yml: 'yaml',
  md: 'markdown',
  kt: 'kotlin',
  rb: 'ruby',
  docker: 'dockerfile',
};

const loading = new Map<string, Promise<boolean>>();

function ensure(name: string): Promise<boolean> {
  let p = loading.get(name);
  if (!p) {
    const loader = LOADERS[name];
    p = loader
      ? loader().then(
          (m) => {
            hljs.registerLanguage(name, m.default);
            return true;
          },
          () => false,
        )
      : Promise.resolve(false);
    loading.set(name, p);
  }
  return p;
}

/** Highlights every not yet highlighted `code[data-lang]` inside root. */
export async function highlightWithin(root: HTMLElement): Promise<void> {
  const blocks = root.querySelectorAll<HTMLElement>('code[data-lang]:not([data-highlighted])');
  for (const block of blocks) {
    const lang = (block.dataset.lang ?? '').toLowerCase();
    const name = ALIASES[lang] ?? lang;
    block.dataset.highlighted = '1';
    if (!(await ensure(name))) continue;
    const result = hljs.highlight(block.textContent ?? '', { language: name, ignoreIllegals: true });
    // hljs escapes the code it returns; the source text never becomes markup.
    block.innerHTML = result.value;
    block.classList.add('hljs');
  }
}
