import pkg from '../../package.json';
import type { Env } from './config/env';
import { type Database, openDatabase } from './db/client';
import type { Logger } from './log';
import { createLlmProvider, type LlmProvider } from './providers/llm';
import { createMailProvider, type MailProvider } from './providers/mail';
import { createPaymentProvider, type PaymentProvider } from './providers/payment';
import { createLocalStorage, type StorageProvider } from './providers/storage';
import { createWechatProvider, type WechatLoginProvider } from './providers/wechat';
import { createPushHub, type PushHub } from './push/hub';
import { startSandboxWarning } from './sandbox';
import { seedAppsIfEmpty } from './services/apps/apps';
import { drawingModes } from './services/drawing/deps';
import { startDrawingWorker } from './services/drawing/worker';
import { musicMode } from './services/music/compose';
import { startMusicWorker } from './services/music/worker';
import { startOrderSweeper } from './services/shop/order-lifecycle';
import {
  CACHE_CHANNEL,
  createProductCatalog,
  type ProductCatalog,
  seedProductsIfEmpty,
} from './services/shop/products';

/** Everything a request may need, built once at start-up and shared. */
export interface Runtime {
  env: Env;
  log: Logger;
  version: string;
  database: Database;
  hub: PushHub;
  mail: MailProvider;
  llm: LlmProvider;
  payment: PaymentProvider;
  storage: StorageProvider;
  wechat: WechatLoginProvider;
  products: ProductCatalog;
  /** Stops background work (order sweeper); set by startBackground. */
  stopBackground: () => void;
  /** provider kind → mode (offline, sandbox or the adapter's name), printed at start-up and in /api/health. */
  providers: Record<string, string>;
}

/** Public site facts the layout shows; read by Astro pages through globalThis (see src/lib/site.ts). */
export interface SiteConfig {
  icpNumber: string;
  termsUrl: string | null;
  privacyUrl: string | null;
}

export async function createRuntime(env: Env, log: Logger): Promise<Runtime> {
  // Opened at start-up: creating a PGlite data dir takes seconds, never on a request.
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    onListenError: (err) => log.warn('database connection lost, reconnecting', { err: err.message }),
  });
  try {
    return await assemble(env, log, database);
  } catch (err) {
    // A half-built runtime must not keep the database (and its data-dir lock) open.
    await database.close().catch(() => {});
    throw err;
  }
}

async function assemble(env: Env, log: Logger, database: Database): Promise<Runtime> {
  const hub = await createPushHub({ db: database.db, notifier: database.notifier, log });
  const mail = createMailProvider(env, log);
  const wechat = createWechatProvider(env);
  const storage = createLocalStorage(env.DATA_DIR);
  const payment = createPaymentProvider(env);
  const llm = createLlmProvider(env);
  const providers = {
    ...drawingModes(env),
    music: musicMode(env),
    llm: llm.mode,
    mail: mail.mode,
    wechat: wechat.mode,
    payment: payment.mode,
    storage: storage.mode,
  };
  await seedProductsIfEmpty(database.db);
  await seedAppsIfEmpty(database.db);
  const catalog = createProductCatalog(database.db);
  await database.notifier.listen(CACHE_CHANNEL, () => catalog.invalidate());
  return {
    env,
    log,
    version: pkg.version,
    database,
    hub,
    mail,
    llm,
    payment,
    storage,
    wechat,
    products: catalog,
    stopBackground: () => {},
    providers,
  };
}

/** Background work every process shares through row claims (SKIP LOCKED). */
export function startBackground(rt: Runtime) {
  const stopSweeper = startOrderSweeper(rt);
  const stopMusic = startMusicWorker(rt);
  const stopDrawing = startDrawingWorker(rt);
  const stopSandboxWarning = startSandboxWarning(rt.env, rt.log);
  rt.stopBackground = () => {
    stopSweeper();
    stopMusic();
    stopDrawing();
    stopSandboxWarning();
  };
}

export async function closeRuntime(rt: Runtime) {
  rt.stopBackground();
  await rt.hub.close();
  rt.mail.close();
  await rt.database.close();
}

const RUNTIME = Symbol.for('miaobi.runtime');
const SITE = '__miaobiSite';

/**
 * Astro's server bundle is a separate module graph from main.ts: pages reach
 * the one runtime through a global rather than a second copy of the modules.
 */
export function publishRuntime(rt: Runtime) {
  const g = globalThis as Record<PropertyKey, unknown>;
  g[RUNTIME] = rt;
  g[SITE] = {
    icpNumber: rt.env.ICP_NUMBER,
    termsUrl: rt.env.TERMS_URL ?? null,
    privacyUrl: rt.env.PRIVACY_URL ?? null,
  } satisfies SiteConfig;
}

export function getRuntime(): Runtime {
  const rt = (globalThis as Record<PropertyKey, unknown>)[RUNTIME] as Runtime | undefined;
  if (!rt) throw new Error('runtime not started: run the site through src/server/main.ts or npm run dev');
  return rt;
}
