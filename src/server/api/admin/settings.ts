import { settingViews } from '../../services/site-settings';
import { changeSettings, type SettingChanges, storeSettingImage } from '../../services/site-settings-console';
import type { ApiApp } from '../context';
import { reply } from '../errors';
import { actorOf, requireAdmin, requireFreshCode } from './guard';
import * as r from './settings.routes';

/** The console's site settings (docs/console.md): admin only, a fresh TOTP code per change. */
export function registerAdminSettings(app: ApiApp) {
  app.openapi(r.getSettings, async (c) => {
    requireAdmin(c);
    return reply(c, await settingViews(c.get('runtime')));
  });

  app.openapi(r.changeSettings, async (c) => {
    requireAdmin(c);
    const { code, requestId, values } = c.req.valid('json');
    await requireFreshCode(c, code);
    const changes = values as SettingChanges;
    return reply(c, await changeSettings(c.get('runtime'), { actor: actorOf(c), values: changes, requestId }));
  });

  app.openapi(r.uploadImage, async (c) => {
    requireAdmin(c);
    return reply(c, { url: await storeSettingImage(c.get('runtime'), c.req.valid('json').image) });
  });
}
