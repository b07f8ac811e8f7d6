/** What the square lists, one kind at a time (/square, /square?kind=songs, /square?kind=videos). */
export const SQUARE_KINDS = ['pictures', 'songs', 'videos'] as const;
export type SquareKind = (typeof SQUARE_KINDS)[number];

/** The kind a `kind` parameter names; null for anything else (the page redirects to /square). */
export function squareKindOf(raw: string | null): SquareKind | null {
  if (raw === null) return 'pictures';
  return raw === 'songs' || raw === 'videos' ? raw : null;
}
