import { atom } from 'nanostores';
import type { Song } from './types';

export interface PlayerState {
  song: Song | null;
  playing: boolean;
  /** Seconds played and the song's length (from the file once known). */
  time: number;
  duration: number;
  error: boolean;
}

const IDLE: PlayerState = { song: null, playing: false, time: 0, duration: 0, error: false };

/** The one song playing on the page: cards, the mini-player and the detail player share it. */
export const $player = atom<PlayerState>(IDLE);

let audio: HTMLAudioElement | null = null;

const patch = (p: Partial<PlayerState>) => $player.set({ ...$player.get(), ...p });

/** One <audio> element for the page, created on first play and kept while lists re-render. */
function element(): HTMLAudioElement {
  if (audio) return audio;
  const a = document.createElement('audio');
  a.preload = 'metadata';
  a.hidden = true;
  a.dataset.musicPlayer = '';
  a.addEventListener('timeupdate', () => patch({ time: a.currentTime }));
  a.addEventListener('durationchange', () => {
    if (Number.isFinite(a.duration)) patch({ duration: a.duration });
  });
  a.addEventListener('play', () => patch({ playing: true, error: false }));
  a.addEventListener('pause', () => patch({ playing: false }));
  a.addEventListener('ended', () => patch({ playing: false, time: 0 }));
  a.addEventListener('error', () => {
    if (a.getAttribute('src')) patch({ playing: false, error: true });
  });
  document.body.append(a);
  audio = a;
  return a;
}

/** Plays `song` from the start, or resumes it when it is already the current one. */
export function playSong(song: Song): void {
  if (!song.audioUrl) return;
  const a = element();
  if ($player.get().song?.id !== song.id) {
    a.src = song.audioUrl;
    $player.set({ ...IDLE, song, duration: song.duration ?? 0 });
  }
  a.play().catch((err: Error) => {
    // A pause() or a new song interrupting this play() is no failure.
    if (err.name !== 'AbortError') patch({ playing: false, error: true });
  });
}

export function pause(): void {
  audio?.pause();
}

/** Play/pause button of a card or player. */
export function toggle(song: Song): void {
  const now = $player.get();
  if (now.song?.id === song.id && now.playing) pause();
  else playSong(song);
}

export function seek(seconds: number): void {
  const a = element();
  a.currentTime = Math.max(0, seconds);
  patch({ time: a.currentTime });
}

export function closePlayer(): void {
  if (audio) {
    audio.pause();
    audio.removeAttribute('src');
    audio.load();
  }
  $player.set(IDLE);
}

/** Keeps the player's copy of a song current (made private, renamed…), or stops it when deleted. */
export function songChanged(song: Song | null, id: string): void {
  const now = $player.get();
  if (now.song?.id !== id) return;
  if (song) patch({ song });
  else closePlayer();
}
