import { type ActionKey, DrawingStatus, GRID_ACTION_KEYS, SINGLE_ACTION_KEYS } from '../../../shared/drawing';
import { actionKeysOf } from '../../providers/image/midjourney-buttons';
import type { ImageMode, ProviderButton } from '../../providers/image/types';

/** The OpenAI images API edits and varies but has no upscaler. */
const NO_UPSCALE = (keys: readonly ActionKey[]) => keys.filter((k) => !k.startsWith('upscale'));

/**
 * The buttons a picture offers on the engine that drew it (actions run there: a midjourney-proxy
 * task is pressed on the proxy that holds it). midjourney-proxy says itself which buttons each
 * task has; the other engines do every action they can on their own pictures.
 */
export function actionsOf(d: {
  status: number;
  grid: boolean;
  provider: string;
  providerButtons: ProviderButton[] | null;
}): ActionKey[] {
  if (d.status !== DrawingStatus.DONE) return [];
  const keys = d.grid ? GRID_ACTION_KEYS : SINGLE_ACTION_KEYS;
  switch (d.provider as ImageMode) {
    case 'midjourney-proxy': {
      // The open-source proxy lists no buttons; its grids still take U, V and reroll (/mj/submit/change).
      const offered = actionKeysOf(d.providerButtons ?? []);
      return offered.length === 0 && d.grid ? [...GRID_ACTION_KEYS] : offered;
    }
    case 'openai':
      return NO_UPSCALE(keys);
    default:
      return [...keys];
  }
}
