import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Storage's environment variables, spread into env.ts's envSchema. STORAGE=s3
 * keeps every file in one S3-compatible bucket (AWS S3, MinIO, Cloudflare R2,
 * Aliyun OSS, Tencent COS), so app servers on several machines share them.
 */
export const storageEnvShape = {
  /** local (DATA_DIR/files, the default) | s3 */
  STORAGE: z.enum(['local', 's3']).default('local'),
  /** The S3 API's address; unset means AWS S3 itself. */
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/ })
    .max(500)
    .optional(),
  S3_REGION: z.string().min(1).max(64).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid bucket name')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).max(256).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).max(512).optional(),
  /** endpoint/bucket/key instead of bucket.endpoint/key (MinIO and most self-hosted stores need it). */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** A CDN or public bucket domain serving the always-public files (avatars, app icons, site images). */
  S3_PUBLIC_BASE_URL: z
    .url({ protocol: /^https?$/ })
    .max(500)
    .optional(),
};

type StorageEnv = z.infer<z.ZodObject<typeof storageEnvShape>>;

/** What start-up refuses: an S3 store without its bucket or credentials. */
export function storageEnvProblems(env: StorageEnv): string[] {
  if (env.STORAGE !== 's3') return [];
  const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !env[k]);
  return missing.length > 0 ? [`STORAGE=s3 needs ${missing.join(', ')}`] : [];
}
