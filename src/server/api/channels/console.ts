import type { ChannelFieldsBody, ChannelFlavour } from '../../../shared/contract/channels';
import { testChannel } from '../../services/channels/probe';
import {
  addChannelKey,
  type ChannelFields,
  createChannel,
  deleteChannel,
  deleteChannelKey,
  listChannelsForConsole,
  setChannelKeyEnabled,
  updateChannel,
} from '../../services/channels/store';
import { actorOf, requireAdmin, requireFreshCode } from '../admin/guard';
import type { ApiApp } from '../context';
import { reply } from '../errors';
import * as r from './console.routes';

const fields = (b: ChannelFieldsBody): ChannelFields => ({
  kind: b.kind,
  flavour: b.flavour as ChannelFlavour,
  name: b.name,
  baseUrl: b.baseUrl,
  priority: b.priority,
  weight: b.weight,
  enabled: b.enabled,
  models: b.models,
});

/** The console's Channels page (docs/channels.md). */
export function registerChannelsConsole(app: ApiApp) {
  app.openapi(r.listChannels, async (c) => {
    requireAdmin(c);
    return reply(c, await listChannelsForConsole(c.get('runtime').database.db));
  });

  app.openapi(r.createChannel, async (c) => {
    requireAdmin(c);
    const b = c.req.valid('json');
    const done = await createChannel(c.get('runtime'), {
      actor: actorOf(c),
      requestId: b.requestId,
      fields: fields(b),
    });
    return reply(c, done.applied ? { applied: true, id: done.id } : { applied: false });
  });

  app.openapi(r.updateChannel, async (c) => {
    requireAdmin(c);
    const b = c.req.valid('json');
    const act = { actor: actorOf(c), requestId: b.requestId, id: c.req.valid('param').id, fields: fields(b) };
    return reply(c, { applied: (await updateChannel(c.get('runtime'), act)).applied });
  });

  app.openapi(r.deleteChannel, async (c) => {
    requireAdmin(c);
    const act = { actor: actorOf(c), requestId: c.req.valid('json').requestId, id: c.req.valid('param').id };
    return reply(c, { applied: (await deleteChannel(c.get('runtime'), act)).applied });
  });

  app.openapi(r.addKey, async (c) => {
    requireAdmin(c);
    const b = c.req.valid('json');
    // A key spends the site's money upstream: adding one asks for a fresh code, like a price.
    await requireFreshCode(c, b.code);
    const act = { actor: actorOf(c), requestId: b.requestId, id: c.req.valid('param').id, secret: b.secret };
    return reply(c, { applied: (await addChannelKey(c.get('runtime'), act)).applied });
  });

  app.openapi(r.enableKey, async (c) => {
    requireAdmin(c);
    const { enabled, requestId } = c.req.valid('json');
    const act = { actor: actorOf(c), requestId, ...c.req.valid('param'), enabled };
    return reply(c, { applied: (await setChannelKeyEnabled(c.get('runtime'), act)).applied });
  });

  app.openapi(r.deleteKey, async (c) => {
    requireAdmin(c);
    const act = { actor: actorOf(c), requestId: c.req.valid('json').requestId, ...c.req.valid('param') };
    return reply(c, { applied: (await deleteChannelKey(c.get('runtime'), act)).applied });
  });

  app.openapi(r.testChannel, async (c) => {
    requireAdmin(c);
    const t = c.get('t');
    const { channel, hasKey, result } = await testChannel(c.get('runtime'), c.req.valid('param').id);
    const flavourName = (f: string | null) => (f ? t(`channels:flavour.${f}`) : '');
    if (result === null) {
      const message = t('channels:test.keyUnreadable');
      return reply(c, {
        ok: false,
        detected: null,
        reason: 'keyUnreadable',
        status: null,
        message,
        upstreamModels: [],
        missing: [],
      });
    }
    const params = {
      detected: flavourName(result.detected),
      expected: flavourName(channel.flavour),
      status: result.status ?? '',
      missing: result.missing.join(', '),
    };
    let message = result.ok ? t('channels:test.ok', params) : t(`channels:test.${result.reason ?? 'network'}`, params);
    if (result.ok && result.missing.length > 0) message += ` ${t('channels:test.missing', params)}`;
    if (result.ok && !hasKey) message += ` ${t('channels:test.noKey')}`;
    return reply(c, { ...result, message });
  });
}
