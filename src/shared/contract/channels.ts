import { z } from '@hono/zod-openapi';

import { CHANNEL_FLAVOURS, CHANNEL_KINDS, type ChannelFlavour, MEMBER_LEVELS, normalBaseUrl } from '../channels';
import { requestId, totpCode } from './admin';
import { id, pattern, safeString } from './input';

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
  /** Absent on models saved before video channels: 0. */
  perVideo: micros.optional(),
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
  /** A speech channel's read-aloud model (its second): the voice per answer language; '' names none. */
  voices: z.object({ zh: z.string().max(100), en: z.string().max(100) }).optional(),
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

/** GET /api/admin/channels: every channel. */
export const ChannelList = z.array(ChannelView);

// What the console's form sends: each failure with the console's own message.
const formText3 = (max: number, message: string) =>
  z.object({
    'zh-CN': safeString().trim().max(max, message),
    'en-US': safeString().trim().max(max, message),
    'zh-TW': safeString().trim().max(max, message),
  });
const whole = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** A model as the form sends it: the contract's shape, its texts through the safe string schema. */
export const modelInput = ChannelModel.extend({
  id: pattern(/^[A-Za-z0-9._:/@+-]{1,100}$/, 100, { trim: true, message: 'channels:modelIdFormat' }),
  name: formText3(200, 'channels:modelTextTooLong'),
  description: formText3(200, 'channels:modelTextTooLong'),
  voices: z
    .object({
      zh: safeString().trim().max(100, 'channels:voiceTooLong'),
      en: safeString().trim().max(100, 'channels:voiceTooLong'),
    })
    .optional(),
});

/** A channel as the console's form sends it (create and edit). */
export const channelFields = z
  .object({
    kind: z.enum(CHANNEL_KINDS, { error: 'channels:kindInvalid' }),
    flavour: safeString({ error: 'channels:flavourMismatch' }).max(40, 'channels:flavourMismatch'),
    name: safeString().trim().min(1, 'channels:nameRequired').max(80, 'channels:nameTooLong'),
    baseUrl: safeString()
      .trim()
      .max(500, 'channels:urlInvalid')
      .refine((u) => normalBaseUrl(u) !== null, { message: 'channels:urlInvalid' }),
    priority: whole(-1000, 1000, 'channels:priorityRange'),
    weight: whole(1, 1000, 'channels:weightRange'),
    enabled: z.boolean().default(true),
    models: z.array(modelInput).max(100, 'channels:tooManyModels'),
    requestId,
  })
  .refine((b) => (CHANNEL_FLAVOURS[b.kind] as readonly string[]).includes(b.flavour), {
    message: 'channels:flavourMismatch',
    path: ['flavour'],
  })
  .refine((b) => new Set(b.models.map((m) => m.id)).size === b.models.length, {
    message: 'channels:modelDuplicate',
    path: ['models'],
  });
export type ChannelFieldsBody = z.infer<typeof channelFields>;

/** The path of a channel's key. */
export const keyParam = z.object({ id: id(), keyId: id() });

/** A new API key, with a fresh TOTP code. */
export const addKeyBody = z.object({
  secret: pattern(/^[\x21-\x7e]{8,512}$/, 512, { trim: true, message: 'channels:keyFormat' }),
  code: totpCode,
  requestId,
});

/** A channel created: its id when applied. */
export const ChannelCreated = z.object({ applied: z.boolean(), id: z.number().int().optional() });

/** The upstream's answer to the console's test call, in plain words. */
export const ChannelTest = z.object({
  ok: z.boolean(),
  detected: z.string().nullable(),
  reason: z.string().nullable(),
  status: z.number().int().nullable(),
  message: z.string(),
  upstreamModels: z.array(z.string()),
  missing: z.array(z.string()),
});
export type ChannelTest = z.infer<typeof ChannelTest>;
