// The floor every page is judged against: a bare Astro project with our
// versions (astro, @astrojs/node standalone, @astrojs/react, react — this
// repo's node_modules, by symlink), built in a temp dir and served beside our
// server in the same run. One static page (/), one page with one React
// island hydrated on load (/island), and a sign-in's floor (POST /login): one
// argon2id of the password against a stored hash, nothing else.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BenchServer, type StartOptions, startBuiltServer } from './server';

export const BARE_STATIC = '/';
export const BARE_ISLAND = '/island';
export const BARE_LOGIN = '/login';
/** The bare /login's stored hash, as ours stores it ($argon2id$v=19$m=…,t=…,p=…$salt$hash): the same work per sign-in. */
export const BARE_HASH_ENV = 'BARE_PASSWORD_HASH';

const FILES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'bare-astro', private: true, type: 'module' }),
  'astro.config.mjs': `import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
// The renderer imports virtual modules; node_modules is a symlink out of this root, so Vite would leave it external.
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  vite: { ssr: { noExternal: ['@astrojs/react'] } },
});
`,
  'src/pages/index.astro': `---
const now = new Date().toISOString();
---
<html lang="en">
  <head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><meta name="description" content="bare" /><title>bare</title></head>
  <body><h1>Bare Astro</h1><p>{now}</p></body>
</html>
`,
  'src/pages/island.astro': `---
import Counter from '../Counter';
---
<html lang="en">
  <head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><meta name="description" content="bare island" /><title>bare island</title></head>
  <body><h1>Bare Astro island</h1><Counter client:load start={1} /></body>
</html>
`,
  'src/pages/login.ts': `import { argon2, timingSafeEqual } from 'node:crypto';
import type { APIRoute } from 'astro';

export const POST: APIRoute = async ({ request }) => {
  // A body cut off when the load tool stops is no sign-in (and not worth a logged stack).
  const { password } = (await request.json().catch(() => ({}))) as { password?: string };
  if (typeof password !== 'string') return new Response(null, { status: 400 });
  const [, , , params, salt, hash] = (process.env.${BARE_HASH_ENV} ?? '').split('$');
  const [m, t, p] = (params ?? '').split(',').map((kv) => Number(kv.split('=')[1]));
  const expected = Buffer.from(hash ?? '', 'base64');
  const key = await new Promise<Buffer>((resolve, reject) =>
    argon2('argon2id', { message: password.normalize('NFKC'), nonce: Buffer.from(salt ?? '', 'base64'),
      memory: m ?? 0, passes: t ?? 0, parallelism: p ?? 0, tagLength: expected.length },
      (err, k) => (err ? reject(err) : resolve(k))),
  );
  const ok = timingSafeEqual(key, expected);
  return new Response(JSON.stringify({ code: ok ? 200 : 401, message: ok ? 'ok' : 'wrong password' }), { headers: { 'content-type': 'application/json' } });
};
`,
  'src/Counter.tsx': `import { useState } from 'react';
export default function Counter({ start }: { start: number }) {
  const [n, setN] = useState(start);
  return <button type="button" onClick={() => setN(n + 1)}>count {n}</button>;
}
`,
  'tsconfig.json': JSON.stringify({
    extends: 'astro/tsconfigs/strict',
    compilerOptions: { jsx: 'react-jsx', jsxImportSource: 'react' },
  }),
};

/** Writes and builds the bare project next to `source` (whose node_modules it borrows); returns its root. */
export function buildBare(source: string): string {
  const root = path.join(tmpdir(), 'miaobi-bench-bare');
  rmSync(root, { recursive: true, force: true });
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  symlinkSync(path.join(source, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  process.stderr.write(`building the bare Astro project in ${root} …\n`);
  execFileSync(process.execPath, [path.join(source, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  return root;
}

/** Starts the bare project's standalone server; ready when / answers. */
export function startBare(
  root: string,
  port: number,
  opts: StartOptions = {},
  env: Record<string, string> = {},
): Promise<BenchServer> {
  return startBuiltServer(root, port, env, { entry: 'dist/server/entry.mjs', ready: '/', ...opts });
}
