import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import type { ChatModels, ChatQuota } from '../../shared/contract/chat';

/** The composer's last model choice: what a conversation without its own model uses; empty: the server's default. */
export const $chatModel = persistentAtom<string>('chatModel', '');
/** What GET /api/chat/models offers the caller (ids, and each one's name, description, capabilities). */
export const $models = atom<ChatModels | null>(null);
export const $quota = atom<ChatQuota | null>(null);
/** The answer being streamed, if any. */
export const $pending = atom<{ uuid: number; id: string } | null>(null);
/** Text to place into the composer (chosen prompt, history search). */
export const $draft = atom<{ text: string; at: number } | null>(null);
