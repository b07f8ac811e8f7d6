import type { TFunction } from 'i18next';
import { MOODS, STYLES } from '../../shared/music';

/** 83.4 → "1:23"; unknown or broken lengths → "0:00". */
export function formatTime(seconds: number | null | undefined): string {
  const s = Number.isFinite(seconds) && seconds && seconds > 0 ? Math.floor(seconds) : 0;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Style tags as chips: "pop, happy" → ["pop", "happy"]. */
export function tagList(tags: string): string[] {
  return tags
    .split(/[,，、/]/)
    .map((t) => t.trim())
    .filter(Boolean)
    .slice(0, 4);
}

type Translate = TFunction<'music'>;

/** A tag chip in the page's language: the composer's own style and mood words are translated, anything else stays as written. */
export function tagLabel(t: Translate, tag: string): string {
  const word = tag.toLowerCase();
  if ((STYLES as readonly string[]).includes(word)) return t(`style.${word}`);
  if ((MOODS as readonly string[]).includes(word)) return t(`mood.${word}`);
  return tag;
}

/** "F# minor" (as the composer names keys) → "F# 小调"; other names (from another provider) stay as written. */
export function keyLabel(t: Translate, key: string): string {
  const m = /^([A-G][#b]?) (major|minor)$/.exec(key.trim());
  return m ? t(`key.${m[2]}`, { note: m[1] }) : key;
}

/** Tags for the compose form ('make a similar song'), in the page's language so the person reads what is sent. */
export function localTags(t: Translate, tags: string): string {
  return tagList(tags)
    .map((tag) => tagLabel(t, tag))
    .join(', ');
}
