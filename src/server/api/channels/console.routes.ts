import { createRoute } from '@hono/zod-openapi';
import { applied, enabledBody, requestOnly } from '../../../shared/contract/admin';
import {
  addKeyBody,
  ChannelCreated,
  ChannelList,
  ChannelTest,
  channelFields,
  keyParam,
} from '../../../shared/contract/channels';
import { idParam as param } from '../../../shared/contract/common';
import { access } from '../access';
import { codes, tags } from '../admin/console-kit';
import { jsonBody, jsonResponses } from '../route-kit';

// The console's model channels (docs/channels.md): admins only. A stored key is never
// answered again, only its last four characters and health.

export const listChannels = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/channels',
  tags,
  summary: 'Every channel by kind, with its models and its keys (last four characters and health only)',
  responses: jsonResponses(ChannelList, codes),
});

export const createChannel = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/channels',
  tags,
  summary: 'Creates a channel (admin)',
  request: { body: jsonBody(channelFields) },
  responses: jsonResponses(ChannelCreated, codes),
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
  request: { params: param, body: jsonBody(requestOnly) },
  responses: jsonResponses(applied, codes),
});

export const addKey = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/channels/{id}/keys',
  tags,
  summary: 'Adds an API key, sealed at rest (admin, with a fresh TOTP code); only its last four characters come back',
  request: { params: param, body: jsonBody(addKeyBody) },
  responses: jsonResponses(applied, { ...codes, 1001602: 'a fresh TOTP code is needed' }),
});

export const enableKey = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/channels/{id}/keys/{keyId}/enabled',
  tags,
  summary: 'Enables or disables a key (admin)',
  request: { params: keyParam, body: jsonBody(enabledBody) },
  responses: jsonResponses(applied, codes),
});

export const deleteKey = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/channels/{id}/keys/{keyId}/delete',
  tags,
  summary: 'Deletes a key (admin)',
  request: { params: keyParam, body: jsonBody(requestOnly) },
  responses: jsonResponses(applied, codes),
});

export const testChannel = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/channels/{id}/test',
  tags,
  summary: 'Calls the upstream with the first key: detects the flavour, explains a failure in plain words (admin)',
  request: { params: param },
  responses: jsonResponses(ChannelTest, codes),
});
