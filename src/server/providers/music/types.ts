import type { SongMeta } from '../../../shared/contract/music';

/** What a person asked for. */
export interface ComposeRequest {
  mode: 'inspiration' | 'custom';
  /** The description (inspiration mode). */
  prompt: string;
  title: string;
  /** Style tags, comma separated (custom mode). */
  tags: string;
  lyrics: string;
  instrumental: boolean;
  /** Language of the person, for lyrics the composer writes itself. */
  lang: string;
}

export type ComposePhase = 'composing' | 'rendering';

export interface ComposeContext {
  signal: AbortSignal;
  /** Reports progress (0–100) and keeps the task's lease; rejects when the task was lost. */
  progress(percent: number, phase: ComposePhase): Promise<void>;
  /** What an earlier run saved (the upstream id), so a restart resumes instead of submitting again. */
  ref: string | null;
  saveRef(ref: string): Promise<void>;
}

export interface StoredFile {
  bytes: Buffer;
  /** File extension the storage provider knows (mp3, wav, ogg, m4a / webp, png, jpg). */
  ext: string;
}

export interface ComposedSong {
  audio: StoredFile;
  cover: StoredFile | null;
  title: string;
  tags: string;
  lyrics: string;
  /** Seconds. */
  duration: number;
  meta: SongMeta;
}

export interface WrittenLyrics {
  title: string;
  lyrics: string;
}

export interface MusicProvider {
  /** offline: the procedural composer; suno: a suno-api compatible service. */
  mode: 'offline' | 'suno';
  compose(request: ComposeRequest, ctx: ComposeContext): Promise<ComposedSong>;
  writeLyrics(prompt: string, lang: string, signal?: AbortSignal): Promise<WrittenLyrics>;
}

/** A failure the person should see as such (bad upstream answer, upstream error), not a crash. */
export class MusicProviderError extends Error {
  /** The upstream's HTTP status when it answered with an error. */
  readonly status: number | undefined;

  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }
}

/** The label every song carries: on the page and in the file's metadata. */
export { AI_LABEL } from '../../../shared/ai-label';
