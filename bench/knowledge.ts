// Knowledge-base retrieval: the Chinese corpus of the tests (tests/fixtures/knowledge-corpus.ts)
// added to a base on the built server, then every question asked `rounds` times: hit@3 (the
// answer passage among the first three) and the search route's p99, by keywords alone and hybrid
// with a local embeddings server (its vectors are hashed character n-grams). docs/knowledge.md#figures.
import { setTimeout as sleep } from 'node:timers/promises';
import { startFakeEmbeddings } from '../tests/api/knowledge/fake-embeddings';
import { CORPUS, corpusMarkdown, hitAt, QUESTIONS } from '../tests/fixtures/knowledge-corpus';
import { benchUsers } from './seed';
import { startBuiltServer } from './server';
import type { Row } from './table';

const HIT_BUDGET = 0.9;
const P99_BUDGET_MS = 100;

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(xs.length * q) - 1)] ?? 0;

async function call(url: string, method: string, body: unknown, headers: Record<string, string>) {
  const res = await fetch(url, {
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; data: Record<string, unknown> };
}

async function measureOne(url: string, headers: Record<string, string>, label: string, rounds: number): Promise<Row[]> {
  const base = await call(`${url}/api/knowledge/bases`, 'POST', { name: 'bench' }, headers);
  const baseId = base.data.id as number;
  for (const doc of CORPUS) {
    const form = new FormData();
    form.append('file', new Blob([corpusMarkdown(doc)]), doc.name);
    await fetch(`${url}/api/knowledge/bases/${baseId}/files`, { method: 'POST', headers, body: form });
  }
  for (let i = 0; i < 600; i++) {
    const res = await fetch(`${url}/api/knowledge/bases/${baseId}/files`, { headers });
    const files = ((await res.json()) as { data: { files: Array<{ status: string }> } }).data.files;
    if (files.length === CORPUS.length && files.every((f) => f.status === 'ready')) break;
    await sleep(100);
  }
  // One round first, not counted: the process's first searches plan their statements.
  for (const { q } of QUESTIONS)
    await call(`${url}/api/knowledge/bases/${baseId}/search`, 'POST', { query: q }, headers);
  const ms: number[] = [];
  const results: Array<{ answer: string; texts: string[] }> = [];
  for (let round = 0; round < rounds; round++)
    for (const { q, answer } of QUESTIONS) {
      const started = performance.now();
      const r = await call(`${url}/api/knowledge/bases/${baseId}/search`, 'POST', { query: q, limit: 3 }, headers);
      ms.push(performance.now() - started);
      if (round === 0) results.push({ answer, texts: (r.data.passages as Array<{ text: string }>).map((p) => p.text) });
    }
  const hit = hitAt(3, results);
  const worst = quantile(ms, 0.99);
  const note = `${QUESTIONS.length} questions, ${CORPUS.flatMap((d) => d.passages).length} passages`;
  return [
    {
      name: `knowledge hit@3 (${label})`,
      value: hit.toFixed(2),
      budget: `≥ ${HIT_BUDGET}`,
      ok: hit >= HIT_BUDGET,
      note,
    },
    {
      name: `knowledge search p99 (${label})`,
      value: `${worst.toFixed(1)} ms`,
      budget: `≤ ${P99_BUDGET_MS} ms`,
      ok: worst <= P99_BUDGET_MS,
      note: `${ms.length} searches, one at a time; p50 ${quantile(ms, 0.5).toFixed(1)} ms`,
    },
  ];
}

export async function measureKnowledge(root: string, port: number, databaseUrl: string, rounds = 5): Promise<Row[]> {
  const env = { DATABASE_URL: databaseUrl, KNOWLEDGE_SEARCH_PER_MINUTE: '100000', KNOWLEDGE_BASES_USER: '100' };
  const rows: Row[] = [];
  const keyword = await startBuiltServer(root, port, env);
  try {
    const [headers] = await benchUsers({ databaseUrl }, 1);
    rows.push(...(await measureOne(keyword.url, headers ?? {}, 'keywords, PostgreSQL', rounds)));
  } finally {
    await keyword.stop();
  }
  const fake = await startFakeEmbeddings();
  const hybrid = await startBuiltServer(root, port, {
    ...env,
    EMBEDDINGS_BASE_URL: fake.url,
    EMBEDDINGS_MODEL: 'bench',
  });
  try {
    const [headers] = await benchUsers({ databaseUrl }, 1);
    rows.push(...(await measureOne(hybrid.url, headers ?? {}, 'hybrid, PostgreSQL', rounds)));
  } finally {
    await hybrid.stop();
    await fake.close();
  }
  return rows;
}
