/** Shared by the vitest and Playwright reporters: the slowest files of a run, one line each. */
export const SLOWEST_COUNT = 15;

export function slowestLines(seconds: Map<string, number>, title: string, count = SLOWEST_COUNT): string[] {
  const rows = [...seconds].sort((a, b) => b[1] - a[1]).slice(0, count);
  if (rows.length === 0) return [];
  const width = Math.max(...rows.map(([file]) => file.length));
  return [
    '',
    `${title} (${rows.length} of ${seconds.size} files):`,
    ...rows.map(([file, s]) => `  ${file.padEnd(width)} ${s.toFixed(1).padStart(7)} s`),
  ];
}
