import { describe, expect, it } from 'vitest';
import { CSP_DIRECTIVES, cspDirectives, storageOrigins } from '../../src/server/csp.mjs';

describe('file origins in the CSP (STORAGE=s3)', () => {
  it('adds the bucket and the public base to img-src, media-src and connect-src only', () => {
    const env = {
      STORAGE: 's3',
      S3_BUCKET: 'files',
      S3_ENDPOINT: 'http://minio:9000/',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PUBLIC_BASE_URL: 'https://cdn.example.com/f/',
    };
    expect(storageOrigins(env)).toEqual(['https://cdn.example.com', 'http://minio:9000']);
    const directives = cspDirectives(storageOrigins(env));
    expect(directives.filter((d) => d.includes('minio'))).toEqual([
      "img-src 'self' data: blob: https://cdn.example.com http://minio:9000",
      "media-src 'self' blob: https://cdn.example.com http://minio:9000",
      "connect-src 'self' ws: wss: https://cdn.example.com http://minio:9000",
    ]);
  });

  it('names the virtual-hosted bucket (AWS by default), and nothing for local storage', () => {
    expect(storageOrigins({ STORAGE: 's3', S3_BUCKET: 'files', S3_REGION: 'ap-east-1' })).toEqual([
      'https://files.s3.ap-east-1.amazonaws.com',
    ]);
    expect(
      storageOrigins({ STORAGE: 's3', S3_BUCKET: 'b1x', S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com' }),
    ).toEqual(['https://b1x.oss-cn-hangzhou.aliyuncs.com']);
    expect(storageOrigins({ STORAGE: 'local', S3_BUCKET: 'files' })).toEqual([]);
    expect(cspDirectives([])).toEqual([...CSP_DIRECTIVES]);
  });
});
