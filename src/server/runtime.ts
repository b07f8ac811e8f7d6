import type { Env } from './config/env';
import type { Database } from './db/client';
import type { Job } from './jobs/runner';
import type { Logger } from './log';
import type { DocumentReader } from './providers/documents';
import type { ImageProvider } from './providers/image';
import type { MailProvider } from './providers/mail';
import type { ModerationProvider } from './providers/moderation';
import type { MusicProvider } from './providers/music';
import type { PaymentProvider } from './providers/payment';
import type { ProviderRegistry } from './providers/registry';
import type { SmsProvider } from './providers/sms';
import type { StorageProvider } from './providers/storage';
import type { VideoProvider } from './providers/video';
import type { WechatLoginProvider } from './providers/wechat';
import type { PushHub } from './push/hub';
import type { ProductCatalog } from './services/shop/products';

/** Background jobs of a process: built with the runtime, started by startBackground (bootstrap.ts). */
export interface BackgroundJobs {
  drawing: Job;
  music: Job;
  video: Job;
  knowledge: Job;
  knowledgeIndex: Job;
  orders: Job;
  payments: Job;
  reconcile: Job;
  refunds: Job;
  referral: Job;
  creditHolds: Job;
  retention: Job;
  sandboxWarning: Job;
}

/**
 * Everything a request or a job may need, built once at start-up by
 * bootstrap.ts (the one place that constructs providers) and shared.
 * Settings are read from `env` on use (config/*), so a test may change one.
 */
export interface Runtime {
  env: Env;
  log: Logger;
  version: string;
  database: Database;
  hub: PushHub;
  mail: MailProvider;
  /** Text messages (phone codes): Aliyun, Tencent Cloud or the DATA_DIR/sms-outbox files. */
  sms: SmsProvider;
  /** The model adapters: chat's (routed or the bootstrap channel) and each console channel key's, built once. */
  registry: ProviderRegistry;
  payment: PaymentProvider;
  storage: StorageProvider;
  wechat: WechatLoginProvider;
  image: ImageProvider;
  moderation: ModerationProvider;
  music: MusicProvider;
  video: VideoProvider;
  /** Reads documents' text on threads of their own, a few at once, owners in turn. */
  documents: DocumentReader;
  products: ProductCatalog;
  jobs: BackgroundJobs;
  /** Set when the process begins a graceful stop: /api/ready answers 503 so balancers move on. */
  lifecycle: { draining: boolean };
  /** provider kind → mode (offline, sandbox or the adapter's name), printed at start-up and in /api/health. */
  providers: Record<string, string>;
}

/** Public site facts the layout shows; read by Astro pages through globalThis (see src/lib/site.ts). */
export interface SiteConfig {
  termsUrl: string | null;
  privacyUrl: string | null;
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
    termsUrl: rt.env.TERMS_URL ?? null,
    privacyUrl: rt.env.PRIVACY_URL ?? null,
  } satisfies SiteConfig;
}

/** The runtime main.ts (or the dev server) published; for Astro pages, which cannot be handed it. */
export function getRuntime(): Runtime {
  const rt = (globalThis as Record<PropertyKey, unknown>)[RUNTIME] as Runtime | undefined;
  if (!rt) throw new Error('runtime not started: run the site through src/server/main.ts or npm run dev');
  return rt;
}
