import { z } from 'zod';

import { MEMBER_LEVELS } from '../channels';

export {
  CHANNEL_FLAVOURS,
  CHANNEL_KINDS,
  type ChannelFlavour,
  type ChannelKind,
  MEMBER_LEVELS,
  type MemberLevel,
} from '../channels';

const text3 = z.object({ 'zh-CN': z.string().max(200), 'en-US': z.string().max(200), 'zh-TW': z.string().max(200) });
/** Money in micro-yuan (1 yuan = 1 000 000), so per-token prices stay integers. */
const micros = z.number().int().min(0).max(1_000_000_000);

/** Upstream cost of a model on a channel. */
export const ModelPrice = z.object({
  inputPer1k: micros.default(0),
  outputPer1k: micros.default(0),
  perImage: micros.default(0),
  perSong: micros.default(0),
});
export type ModelPrice = z.infer<typeof ModelPrice>;

/** One model a channel serves, as offered to people and priced for the ledger. */
export const ChannelModel = z.object({
  /** The upstream's model id, sent as `model`. */
  id: z.string().min(1).max(100),
  name: text3,
  description: text3,
  levels: z.array(z.enum(MEMBER_LEVELS)).max(3),
  vision: z.boolean().default(false),
  reasoning: z.boolean().default(false),
  /** Context window in tokens; 0 when unknown. */
  contextTokens: z.number().int().min(0).max(10_000_000).default(0),
  price: ModelPrice,
});
export type ChannelModel = z.infer<typeof ChannelModel>;
