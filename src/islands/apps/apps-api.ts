import { get, post } from '../../lib/api';
import type { ReviewState } from '../../shared/moderation';
import type { StoreApp } from './store/open-app';

export interface OwnApp extends StoreApp {
  published: boolean;
  /** Moderation: "审核中" while pending (not in the store yet); 'hidden' when taken down (only the owner sees it). */
  review: ReviewState;
  updatedAt: string;
}

export interface AppFields {
  promptTitle: string;
  promptContent: string;
  promptDescription: string;
  iconUrl: string;
  published: boolean;
}

export const listMine = () => get('/app/mine', undefined, { silent: true });
export const loadApp = (id: number) => get('/app/detail', { id });
export const saveApp = (fields: AppFields, id?: number) =>
  id ? post('/app/update', { ...fields, id }) : post('/app/create', fields);
export const removeApp = (id: number) => post('/app/delete', { id });
export const uploadIcon = (image: string) => post('/app/icon', { image });

/** Built-in icons offered in the form. */
export const BUILTIN_ICONS = [
  '✍️',
  '📝',
  '💡',
  '🧑‍💻',
  '📚',
  '🎨',
  '🌐',
  '📈',
  '🎯',
  '🧠',
  '🍳',
  '✈️',
  '🎵',
  '⚖️',
  '🩺',
  '🤖',
];

export const ICON_MAX_BYTES = 512 * 1024;
