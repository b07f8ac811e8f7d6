import type { ActionKey } from '../../../shared/drawing';
import { DrawingStatus } from '../../../shared/drawing';
import { actionKeysOf } from '../../providers/image/midjourney-buttons';
import type { ImageMode, ProviderButton } from '../../providers/image/types';

/** A grid's buttons, as Midjourney lays them out. */
const GRID: readonly ActionKey[] = [
  'upscale:1',
  'upscale:2',
  'upscale:3',
  'upscale:4',
  'variation:1',
  'variation:2',
  'variation:3',
  'variation:4',
  'reroll',
];

/** A single picture's buttons (an upscaled one, or any picture of an engine that draws one at a time). */
const SINGLE: readonly ActionKey[] = [
  'upscale',
  'vary:strong',
  'vary:subtle',
  'inpaint',
  'zoom:2',
  'zoom:1.5',
  'zoom:custom',
  'pan:left',
  'pan:right',
  'pan:up',
  'pan:down',
  'reroll',
];

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
  const keys = d.grid ? GRID : SINGLE;
  switch (d.provider as ImageMode) {
    case 'midjourney-proxy':
      return actionKeysOf(d.providerButtons ?? []);
    case 'openai':
      return NO_UPSCALE(keys);
    default:
      return [...keys];
  }
}
