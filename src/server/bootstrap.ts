import { version } from '../../package.json';
import { drawConfig, drawingModes } from './config/drawing';
import type { Env } from './config/env';
import { storageEnvProblems } from './config/storage';
import { type Database, openDatabase } from './db/client';
import { createJob, jobOf } from './jobs/runner';
import type { Logger } from './log';
import { createDocumentReader } from './providers/documents';
import { createImageProvider } from './providers/image';
import { createLlmProvider } from './providers/llm';
import { createMailProvider } from './providers/mail';
import { createModeration } from './providers/moderation';
import { createMusicProvider } from './providers/music';
import { createPaymentProvider } from './providers/payment';
import { createProviderRegistry } from './providers/registry';
import { createSmsProvider } from './providers/sms';
import { createLocalStorage, type StorageProvider } from './providers/storage';
import { createVideoProvider } from './providers/video';
import { createWechatProvider } from './providers/wechat';
import { createPushHub } from './push/hub';
import type { BackgroundJobs, Runtime } from './runtime';
import { startSandboxWarning } from './sandbox';
import { flushActivity, startActivityWriter } from './services/account/activity';
import { seedAppsIfEmpty } from './services/apps/apps';
import { routedChatLlm } from './services/channels/router';
import { CHANNELS_CHANNEL } from './services/channels/store';
import { retentionJob } from './services/compliance/retention';
import { creditHoldJob } from './services/credits/holds';
import { drawingJob } from './services/drawing/worker';
import { isAlwaysPublicKey } from './services/file-access';
import { knowledgeIndexJob } from './services/knowledge/ivf-job';
import { knowledgeJob } from './services/knowledge/worker';
import { consoleWordEdits } from './services/moderation/words';
import { musicJob } from './services/music/worker';
import { referralReleaseJob } from './services/referral/release';
import { orderSweeperJob } from './services/shop/order-lifecycle';
import { paymentPollJob } from './services/shop/payment-poll';
import { CACHE_CHANNEL, createProductCatalog, seedProductsIfEmpty } from './services/shop/products';
import { reconcileJob } from './services/shop/reconcile';
import { refundJob } from './services/shop/refund-worker';
import { SETTINGS_CHANNEL } from './services/site-settings';
import { MCP_CHANNEL } from './services/tools/mcp-store';
import { videoJob } from './services/video/worker';

/**
 * The composition root: the one place that builds the database, the push hub,
 * every provider and every background job, once per process, from the
 * environment it is given. main.ts, the dev server (dev-runtime.ts) and the
 * API tests (tests/api/helpers.ts, through server.ts) all start here; a test
 * that needs other provider settings passes them in that environment.
 */
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
  // The providers that can refuse their settings come first, before anything needs closing.
  const drawing = drawingModes(env);
  const draw = drawConfig(env);
  const image = createImageProvider(draw);
  // The console's word list reaches the provider through the finished runtime (checks come after start-up).
  const moderation = createModeration(draw, () => consoleWordEdits(rt));
  const music = createMusicProvider(env);
  const video = createVideoProvider(env);
  const llm = createLlmProvider(env);
  const wechat = createWechatProvider(env);
  const storage = await createStorage(env);
  const payment = createPaymentProvider(env);
  const hub = await createPushHub({ db: database.db, notifier: database.notifier, log });
  startActivityWriter(database.db, log);
  const mail = createMailProvider(env, log);
  const sms = createSmsProvider(env, log);
  await seedProductsIfEmpty(database.db);
  await seedAppsIfEmpty(database.db);
  const products = createProductCatalog(database.db);
  await database.notifier.listen(CACHE_CHANNEL, () => products.invalidate());
  // Chat routes over the console's channels through the finished runtime (answers come after start-up).
  const registry = createProviderRegistry({ env, bootstrapLlm: llm, routedChat: () => routedChatLlm(rt) });
  // A changed channel or setting, in any process, drops every adapter kept (docs/channel-routing.md#adapters).
  for (const channel of [CHANNELS_CHANNEL, SETTINGS_CHANNEL, MCP_CHANNEL])
    await database.notifier.listen(channel, () => registry.invalidate());
  const rt = {
    env,
    log,
    version,
    database,
    hub,
    mail,
    sms,
    registry,
    payment,
    storage,
    wechat,
    image,
    moderation,
    music,
    video,
    documents: createDocumentReader(),
    products,
    lifecycle: { draining: false },
    providers: {
      ...drawing,
      music: music.mode,
      video: video.mode,
      llm: llm.mode,
      mail: mail.mode,
      sms: sms.mode,
      wechat: wechat.mode,
      payment: payment.mode,
      storage: storage.mode,
      embeddings: registry.embeddings ? 'openai' : 'none',
      speech: registry.bootstrapSpeech ? 'openai' : 'none',
    },
  } as Omit<Runtime, 'jobs'> as Runtime;
  // Jobs close over the finished runtime; built now, started by startBackground.
  rt.jobs = {
    drawing: createJob(drawingJob(rt)),
    music: createJob(musicJob(rt)),
    video: createJob(videoJob(rt)),
    knowledge: createJob(knowledgeJob(rt)),
    knowledgeIndex: createJob(knowledgeIndexJob(rt)),
    orders: createJob(orderSweeperJob(rt)),
    payments: createJob(paymentPollJob(rt)),
    reconcile: createJob(reconcileJob(rt)),
    refunds: createJob(refundJob(rt)),
    referral: createJob(referralReleaseJob(rt)),
    creditHolds: createJob(creditHoldJob(rt)),
    retention: createJob(retentionJob(rt)),
    sandboxWarning: jobOf(() => startSandboxWarning(env, log)),
  } satisfies BackgroundJobs;
  return rt;
}

/** Starts the background jobs every process shares through row claims (SKIP LOCKED). */
export function startBackground(rt: Runtime) {
  for (const job of Object.values(rt.jobs)) job.start();
}

/** Stops every job, aborting its running tasks and releasing their leases. */
export async function stopBackground(rt: Runtime) {
  await Promise.all(Object.values(rt.jobs).map((job) => job.stop()));
}

/** Stops the jobs and closes what the runtime opened, the database last. */
export async function closeRuntime(rt: Runtime) {
  // Held tasks are given back before the database closes, so another process resumes them at once.
  await stopBackground(rt);
  await rt.hub.close();
  await rt.mail.close();
  await rt.documents.close();
  // Closes the MCP servers' connections.
  rt.registry.invalidate();
  await flushActivity(rt.database.db);
  await rt.database.close();
}

/**
 * STORAGE picks the provider: DATA_DIR/files (one machine or a shared disk) or one bucket for every machine.
 * The AWS SDK (~80 MB, ~1 s to load) is imported only when a bucket is configured.
 */
export async function createStorage(env: Env): Promise<StorageProvider> {
  if (env.STORAGE !== 's3') return createLocalStorage(env.DATA_DIR);
  if (!env.S3_BUCKET || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)
    throw new Error(`Invalid environment configuration:\n  ${storageEnvProblems(env).join('\n  ')}`);
  const { createS3Storage } = await import('./providers/storage/s3');
  return createS3Storage({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    bucket: env.S3_BUCKET,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    publicBaseUrl: env.S3_PUBLIC_BASE_URL,
    linkedPublic: isAlwaysPublicKey,
  });
}
