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
import { consoleRoute } from '../admin/console-kit';
import { jsonBody } from '../route-kit';

// The console's model channels (docs/channels.md): admins only. A stored key is never
// answered again, only its last four characters and health.

export const listChannels = consoleRoute('get', '/admin/channels', ChannelList, {
  summary: 'Every channel by kind, with its models and its keys (last four characters and health only)',
});

export const createChannel = consoleRoute('post', '/admin/channels', ChannelCreated, {
  summary: 'Creates a channel (admin)',
  request: { body: jsonBody(channelFields) },
});

export const updateChannel = consoleRoute('post', '/admin/channels/{id}', applied, {
  summary: 'Edits a channel: kind, flavour, name, base URL, priority, weight, enabled, models (admin)',
  request: { params: param, body: jsonBody(channelFields) },
});

export const deleteChannel = consoleRoute('post', '/admin/channels/{id}/delete', applied, {
  summary: 'Deletes a channel and its keys (admin)',
  request: { params: param, body: jsonBody(requestOnly) },
});

export const addKey = consoleRoute('post', '/admin/channels/{id}/keys', applied, {
  summary: 'Adds an API key, sealed at rest (admin, with a fresh TOTP code); only its last four characters come back',
  request: { params: param, body: jsonBody(addKeyBody) },
  more: { 1001602: 'a fresh TOTP code is needed' },
});

export const enableKey = consoleRoute('post', '/admin/channels/{id}/keys/{keyId}/enabled', applied, {
  summary: 'Enables or disables a key (admin)',
  request: { params: keyParam, body: jsonBody(enabledBody) },
});

export const deleteKey = consoleRoute('post', '/admin/channels/{id}/keys/{keyId}/delete', applied, {
  summary: 'Deletes a key (admin)',
  request: { params: keyParam, body: jsonBody(requestOnly) },
});

export const testChannel = consoleRoute('post', '/admin/channels/{id}/test', ChannelTest, {
  summary: 'Calls the upstream with the first key: detects the flavour, explains a failure in plain words (admin)',
  request: { params: param },
});
