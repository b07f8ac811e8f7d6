/** Song task status (docs/state-machines.md): 1–3 still running, 10 and 11 final; stored in songs.status. */
export const SongStatus = {
  QUEUED: 1,
  COMPOSING: 2,
  RENDERING: 3,
  DONE: 10,
  FAILED: 11,
} as const;

/**
 * The moods and styles a composition can have. A song made without style words
 * stores them as its tags ("pop, happy"); pages show them as `music:mood.*` and
 * `music:style.*` in their language (src/islands/music/format.ts).
 */
export const MOODS = ['happy', 'sad', 'calm', 'epic', 'romantic'] as const;
export type Mood = (typeof MOODS)[number];
export const STYLES = ['pop', 'rock', 'lofi', 'electronic', 'folk', 'jazz', 'classical', 'chinese'] as const;
export type Style = (typeof STYLES)[number];
