import { z } from 'zod';

/** What a model channel serves. */
export const CHANNEL_KINDS = ['chat', 'image', 'music'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** The upstream's dialect: how requests are made and answers read (docs/channels.md). */
export const CHANNEL_FLAVOURS = {
  chat: ['openai'],
  image: ['midjourney-proxy', 'mj-plus', 'sd-webui', 'openai-images'],
  music: ['suno-api'],
} as const satisfies Record<ChannelKind, readonly string[]>;
export type ChannelFlavour = (typeof CHANNEL_FLAVOURS)[ChannelKind][number];

/** Who may pick a model: visitors (not signed in), signed-in users without membership, members. */
export const MEMBER_LEVELS = ['visitor', 'user', 'member'] as const;
export type MemberLevel = (typeof MEMBER_LEVELS)[number];

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
