import { persistentAtom } from '@nanostores/persistent';

/** Local prompt-store entry: key is the title, value the content (docs/routes-and-screens.md). */
export interface PromptEntry {
  key: string;
  value: string;
}

export const PROMPT_STORE_KEY = 'promptStore';

function decode(raw: string): { promptList: PromptEntry[] } {
  try {
    const v = JSON.parse(raw) as { promptList?: unknown };
    const list = Array.isArray(v.promptList) ? v.promptList : [];
    return {
      promptList: list.filter(
        (p): p is PromptEntry =>
          typeof p === 'object' && p !== null && typeof p.key === 'string' && typeof p.value === 'string',
      ),
    };
  } catch {
    return { promptList: [] };
  }
}

export const $promptStore = persistentAtom<{ promptList: PromptEntry[] }>(
  PROMPT_STORE_KEY,
  { promptList: [] },
  { encode: JSON.stringify, decode },
);

/** 7 rows a page on desktop, 6 on mobile (docs/routes-and-screens.md). */
export const pageSizeFor = (mobile: boolean) => (mobile ? 6 : 7);
/** Title/content shown truncated to 15/50 characters on desktop, 10/30 on mobile (docs/routes-and-screens.md). */
export const truncateLimits = (mobile: boolean) => (mobile ? { title: 10, content: 30 } : { title: 15, content: 50 });

export function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : text;
}

export type PromptProblem = 'required' | 'duplicateTitle' | 'duplicateContent';

/** Both fields required; no other entry may have the same title or content (docs/validation-and-limits.md). */
export function checkEntry(list: PromptEntry[], entry: PromptEntry, ignoreIndex = -1): PromptProblem | null {
  if (!entry.key.trim() || !entry.value.trim()) return 'required';
  if (list.some((p, i) => i !== ignoreIndex && p.key === entry.key)) return 'duplicateTitle';
  if (list.some((p, i) => i !== ignoreIndex && p.value === entry.value)) return 'duplicateContent';
  return null;
}

export interface ImportResult {
  list: PromptEntry[];
  added: number;
  /** Titles skipped because the title or content already existed. */
  duplicates: string[];
}

export class PromptJsonError extends Error {}

/** A JSON array of {key, value} or {act, prompt}; duplicates are skipped, anything else is a JSON error (docs/validation-and-limits.md). */
export function importPrompts(list: PromptEntry[], text: string): ImportResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new PromptJsonError('bad json');
  }
  if (!Array.isArray(parsed)) throw new PromptJsonError('not an array');
  const next = [...list];
  const duplicates: string[] = [];
  let added = 0;
  for (const item of parsed) {
    if (typeof item !== 'object' || item === null) throw new PromptJsonError('bad item');
    const r = item as Record<string, unknown>;
    const key = typeof r.key === 'string' ? r.key : typeof r.act === 'string' ? r.act : null;
    const value = typeof r.value === 'string' ? r.value : typeof r.prompt === 'string' ? r.prompt : null;
    if (key === null || value === null) throw new PromptJsonError('bad item');
    const entry = { key: key.trim(), value: value.trim() };
    const problem = checkEntry(next, entry);
    if (problem === 'required') continue;
    if (problem) {
      duplicates.push(entry.key);
      continue;
    }
    next.unshift(entry);
    added += 1;
  }
  return { list: next, added, duplicates };
}

export function searchPrompts(list: PromptEntry[], term: string): PromptEntry[] {
  const q = term.trim().toLowerCase();
  if (!q) return list;
  return list.filter((p) => p.key.toLowerCase().includes(q) || p.value.toLowerCase().includes(q));
}

export function exportPromptsJson(list: PromptEntry[]): string {
  return JSON.stringify(list, null, 2);
}

export function setPrompts(promptList: PromptEntry[]): void {
  $promptStore.set({ promptList });
}
