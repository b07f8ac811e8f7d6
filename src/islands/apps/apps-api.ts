import { get, post } from '../../lib/api';
import type { AppFields } from '../../shared/contract/apps';

export type { AppFields, OwnApp } from '../../shared/contract/apps';

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
