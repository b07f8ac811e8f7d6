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
