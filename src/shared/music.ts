/** Song task status (docs/state-machines.md): 1–3 still running, 10 and 11 final; stored in songs.status. */
export const SongStatus = {
  QUEUED: 1,
  COMPOSING: 2,
  RENDERING: 3,
  DONE: 10,
  FAILED: 11,
} as const;
