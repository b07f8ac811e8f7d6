import { createRoute, z } from '@hono/zod-openapi';
import { CHANNEL_FLAVOURS, CHANNEL_KINDS, ChannelModel, ChannelView } from '../../../shared/contract/channels';
import { normalBaseUrl } from '../../services/channels/store';
import { access } from '../access';
import { codes, requestId, tags, totpCode } from '../admin/console-kit';
import { jsonBody, jsonResponses } from '../route-kit';
import { id, pattern, safeString } from '../validation';

// The console's model channels (docs/channels.md): admins only. A stored key is never
// answered again, only its last four characters and health.

const text3 = (max: number, message: string) =>
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
  name: text3(200, 'channels:modelTextTooLong'),
  description: text3(200, 'channels:modelTextTooLong'),
});

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

const param = z.object({ id: id() });
const keyParam = z.object({ id: id(), keyId: id() });
const applied = z.object({ applied: z.boolean() });

export const listChannels = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/channels',
  tags,
  summary: 'Every channel by kind, with its models and its keys (last four characters and health only)',
  responses: jsonResponses(z.array(ChannelView), codes),
});

export const createChannel = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/channels',
  tags,
  summary: 'Creates a channel (admin)',
  request: { body: jsonBody(channelFields) },
  responses: jsonResponses(z.object({ applied: z.boolean(), id: z.number().int().optional() }), codes),
});

export const updateChannel = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/channels/{id}',
  tags,
  summary: 'Edits a channel: kind, flavour, name, base URL, priority, weight, enabled, models (admin)',
  request: { params: param, body: jsonBody(channelFields) },
  responses: jsonResponses(applied, codes),
});

export const deleteChannel = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/channels/{id}/delete',
  tags,
  summary: 'Deletes a channel and its keys (admin)',
  request: { params: param, body: jsonBody(z.object({ requestId })) },
  responses: jsonResponses(applied, codes),
});

export const addKey = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/channels/{id}/keys',
  tags,
  summary: 'Adds an API key, sealed at rest (admin, with a fresh TOTP code); only its last four characters come back',
  request: {
    params: param,
    body: jsonBody(
      z.object({
        secret: pattern(/^[\x21-\x7e]{8,512}$/, 512, { trim: true, message: 'channels:keyFormat' }),
        code: totpCode,
        requestId,
      }),
    ),
  },
  responses: jsonResponses(applied, { ...codes, 1001602: 'a fresh TOTP code is needed' }),
});

export const enableKey = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/channels/{id}/keys/{keyId}/enabled',
  tags,
  summary: 'Enables or disables a key (admin)',
  request: { params: keyParam, body: jsonBody(z.object({ enabled: z.boolean(), requestId })) },
  responses: jsonResponses(applied, codes),
});

export const deleteKey = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/channels/{id}/keys/{keyId}/delete',
  tags,
  summary: 'Deletes a key (admin)',
  request: { params: keyParam, body: jsonBody(z.object({ requestId })) },
  responses: jsonResponses(applied, codes),
});

export const testChannel = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/channels/{id}/test',
  tags,
  summary: 'Calls the upstream with the first key: detects the flavour, explains a failure in plain words (admin)',
  request: { params: param },
  responses: jsonResponses(
    z.object({
      ok: z.boolean(),
      detected: z.string().nullable(),
      reason: z.string().nullable(),
      status: z.number().int().nullable(),
      message: z.string(),
      upstreamModels: z.array(z.string()),
      missing: z.array(z.string()),
    }),
    codes,
  ),
});
