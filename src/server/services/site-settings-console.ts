import { randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import {
  isSettingValue,
  SETTING_IMAGE_MAX_BYTES,
  type SettingKey,
  type SettingValue,
  type SettingView,
} from '../../shared/site-settings';
import { settingDefaults } from '../config/site-settings';
import { phoneOffered } from '../config/sms';
import { siteSettings } from '../db/schema';
import { transaction } from '../db/transaction';
import { DomainError } from '../errors';
import { loadSharp } from '../providers/sharp';
import type { Runtime } from '../runtime';
import { type Actor, auditExists, writeAudit } from './admin/audit';
import { pictureRefused } from './pictures';
import { forgetSettings, settingViews } from './site-settings';

/** A value for each setting to change; null puts it back to its environment default. */
export type SettingChanges = Partial<Record<SettingKey, SettingValue | null>>;

class Repeated extends Error {}

/**
 * Applies the console's changes in one transaction with one audit row (the
 * effective value and its source before and after). Writers queue on a table
 * lock, so the recorded "before" is what the change replaced. The request id
 * makes a repeated click apply once (false). Every process re-reads at once.
 */
export async function changeSettings(
  rt: Runtime,
  a: { actor: Actor; values: SettingChanges; requestId: string },
): Promise<{ applied: boolean; settings: SettingView[] }> {
  const keys = Object.keys(a.values) as SettingKey[];
  for (const key of keys) {
    const value = a.values[key];
    // The route validated the shape; this keeps the rule in the service too.
    if (value !== null && value !== undefined && !isSettingValue(key, value))
      throw new DomainError(400, 'admin:settings.invalid', { status: 400 });
    // Without an SMS service nobody could bind a phone: requiring one would lock every account out.
    if (key === 'PHONE_REQUIRED' && value === true && !phoneOffered(rt.env))
      throw new DomainError(400, 'admin:settings.phoneOff', { status: 400 });
  }
  const defaults = settingDefaults(rt.env);
  let applied = true;
  try {
    await transaction(rt.database.db, async (tx) => {
      await tx.execute(sql`lock table ${siteSettings} in share row exclusive mode`);
      const rows = keys.length ? await tx.select().from(siteSettings).where(inArray(siteSettings.key, keys)) : [];
      const current = new Map(rows.map((r) => [r.key, r.value as SettingValue]));
      const state = (key: SettingKey, stored: Map<string, SettingValue>) =>
        stored.has(key) ? { value: stored.get(key), source: 'console' } : { value: defaults[key], source: 'env' };
      const next = new Map(current);
      const changed = keys.filter((key) => {
        const value = a.values[key];
        if (value === null || value === undefined) return next.delete(key);
        if (next.get(key) === value) return false;
        next.set(key, value);
        return true;
      });
      if (changed.length === 0) {
        // A repeated click finds its values already in place: it was applied once.
        if (await auditExists(tx, a.actor.userId, a.requestId)) throw new Repeated();
        throw new DomainError(400, 'admin:settings.unchanged', { status: 400 });
      }
      const now = new Date();
      for (const key of changed) {
        const value = next.get(key);
        if (value === undefined) await tx.delete(siteSettings).where(inArray(siteSettings.key, [key]));
        else
          await tx
            .insert(siteSettings)
            .values({ key, value, updatedAt: now, updatedBy: a.actor.userId })
            .onConflictDoUpdate({
              target: siteSettings.key,
              set: { value, updatedAt: now, updatedBy: a.actor.userId },
            });
      }
      const fresh = await writeAudit(tx, a.actor, {
        action: 'settings.change',
        targetType: 'settings',
        targetId: changed.join(','),
        before: Object.fromEntries(changed.map((k) => [k, state(k, current)])),
        after: Object.fromEntries(changed.map((k) => [k, state(k, next)])),
        requestId: a.requestId,
      });
      if (!fresh) throw new Repeated();
    });
  } catch (err) {
    if (!(err instanceof Repeated)) throw err;
    applied = false;
  }
  if (applied) await forgetSettings(rt);
  return { applied, settings: await settingViews(rt) };
}

/**
 * Stores an uploaded QR image: only a real PNG, JPEG, WebP or GIF of at most
 * SETTING_IMAGE_MAX_BYTES passes (it is decoded), kept as PNG under site/
 * (public). The setting points at it only when the change is saved.
 */
const SETTING_IMAGE_MAX_PIXELS = 4096 * 4096;

export async function storeSettingImage(rt: Runtime, dataUrl: string): Promise<string> {
  const sharp = await loadSharp();
  const m = /^data:image\/(png|jpeg|gif|webp);base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl);
  const bytes = m?.[2] ? Buffer.from(m[2], 'base64') : null;
  if (!bytes) throw new DomainError(400, 'admin:settings.imageType', { status: 400 });
  if (bytes.length > SETTING_IMAGE_MAX_BYTES)
    throw new DomainError(400, 'admin:settings.imageSize', {
      status: 400,
      params: { max: Math.round(SETTING_IMAGE_MAX_BYTES / 1024) },
    });
  let png: Buffer;
  try {
    png = await sharp(bytes, { limitInputPixels: SETTING_IMAGE_MAX_PIXELS })
      .rotate()
      .resize(1024, 1024, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch (err) {
    throw pictureRefused(
      err,
      SETTING_IMAGE_MAX_PIXELS,
      new DomainError(400, 'admin:settings.imageType', { status: 400 }),
    );
  }
  return rt.storage.put(`site/${randomBytes(12).toString('hex')}.png`, png);
}
