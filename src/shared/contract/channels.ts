import { z } from 'zod';

import { CHANNEL_FLAVOURS, CHANNEL_KINDS, type ChannelFlavour, MEMBER_LEVELS } from '../channels';

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

/** One key of a channel as the console sees it: never the key, its last four characters and health. */
export const ChannelKeyView = z.object({
  id: z.number().int(),
  last4: z.string(),
  enabled: z.boolean(),
  failures: z.number().int(),
  /** ISO times; null when never (or the cool-down has ended). */
  cooldownUntil: z.string().nullable(),
  lastError: z.string().nullable(),
  lastOkAt: z.string().nullable(),
  lastFailAt: z.string().nullable(),
});

/** One channel of the console's list (GET /api/admin/channels). */
export const ChannelView = z.object({
  id: z.number().int(),
  kind: z.enum(CHANNEL_KINDS),
  flavour: z.enum(Object.values(CHANNEL_FLAVOURS).flat() as [ChannelFlavour, ...ChannelFlavour[]]),
  name: z.string(),
  baseUrl: z.string(),
  priority: z.number().int(),
  weight: z.number().int(),
  models: z.array(ChannelModel),
  enabled: z.boolean(),
  updatedAt: z.string(),
  keys: z.array(ChannelKeyView),
});
export type ChannelView = z.infer<typeof ChannelView>;
