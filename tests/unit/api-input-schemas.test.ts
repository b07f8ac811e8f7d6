// Every route's input goes through the shared schemas of validation.ts: a
// route added later with a bare z.string() or an unbounded number fails here,
// before a NUL or an int4 overflow can reach the database as a 500.
import type { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { createApiApp } from '../../src/server/api';
import { INT32_MAX, INT32_MIN, safeCharacters, text } from '../../src/server/api/validation';
import type { Runtime } from '../../src/server/runtime';
import { isSafeText, toSafeText } from '../../src/shared/safe-text';

// bigint columns (client-made ids, epoch milliseconds): the only numbers allowed past int4.
const BIGINT_FIELDS = new Set(['uuid', 'changedAt', 'dateTime', 'conversationId', 'conversationUuid']);
// Numbers that never reach an integer column.
const FRACTION_FIELDS = new Set(['zoom', 'temperature']);

interface Def {
  type: string;
  checks?: Array<{ _zod: { def: { check: string; value?: number; maximum?: number } } }>;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
}
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;
const check = (d: Def, kind: string) => d.checks?.find((c) => c._zod.def.check === kind)?._zod.def;
/** The tightest bound of its kind (int() brings int4's, a route may narrow it). */
function bound(d: Def, kind: 'greater_than' | 'less_than'): number | undefined {
  const values = (d.checks ?? []).flatMap((c) => (c._zod.def.check === kind ? [c._zod.def.value as number] : []));
  if (!values.length) return undefined;
  return kind === 'greater_than' ? Math.max(...values) : Math.min(...values);
}
const maxLength = (d: Def) => check(d, 'max_length')?.maximum;

/** What is wrong with one input schema, field by field ('' when nothing). */
function problems(schema: z.ZodType, path: string): string[] {
  const d = defOf(schema);
  const field =
    path
      .split('.')
      .filter((p) => p !== '[]')
      .at(-1) ?? '';
  switch (d.type) {
    case 'string': {
      const out: string[] = [];
      if (!d.checks?.some((c) => c === (safeCharacters as unknown))) out.push(`${path}: string without safeCharacters`);
      if (maxLength(d) === undefined) out.push(`${path}: string without a length limit`);
      return out;
    }
    case 'number': {
      const min = bound(d, 'greater_than');
      const max = bound(d, 'less_than');
      if (min === undefined || max === undefined) return [`${path}: number without bounds`];
      const isInt = check(d, 'number_format') !== undefined;
      if (!isInt && !FRACTION_FIELDS.has(field)) return [`${path}: number that is not an integer`];
      const wide = min < INT32_MIN || max > INT32_MAX;
      if (wide && !BIGINT_FIELDS.has(field)) return [`${path}: beyond int4 (${min}…${max}) but not a bigint column`];
      return [];
    }
    case 'object':
      return Object.entries(d.shape ?? {}).flatMap(([k, v]) => problems(v, path ? `${path}.${k}` : k));
    case 'array':
      return maxLength(d) === undefined
        ? [`${path}: array without a length limit`]
        : problems(d.element as z.ZodType, `${path}.[]`);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return problems(d.innerType as z.ZodType, path);
    case 'union':
      return (d.options ?? []).flatMap((o) => problems(o, path));
    case 'pipe':
      // intParam's preprocess (null refused before coercion): the bounded number it feeds is what counts.
      return defOf(d.in as z.ZodType).type === 'transform'
        ? problems(d.out as z.ZodType, path)
        : [`${path}: pipe is not allowed in a request`];
    case 'file':
      // An upload (multipart): bounded by its size; the service reads its bytes.
      return check(d, 'max_size') === undefined ? [`${path}: file without a size limit`] : [];
    case 'literal':
    case 'enum':
    case 'boolean':
    case 'null':
      return [];
    default:
      // record, any, unknown, transforms: free-form input nobody bounded
      return [`${path}: ${d.type} is not allowed in a request`];
  }
}

interface RouteDef {
  type: string;
  route?: {
    method: string;
    path: string;
    request?: {
      body?: { content: Record<string, { schema: z.ZodType }> };
      query?: z.ZodType;
      params?: z.ZodType;
      headers?: z.ZodType;
    };
  };
}

const app = createApiApp({ env: { BODY_LIMIT: 1024, TRUST_PROXY: false }, version: 'test' } as unknown as Runtime);
const registry = (app as unknown as { openAPIRegistry: { definitions: RouteDef[] } }).openAPIRegistry;
const routes = registry.definitions.flatMap((d) => (d.type === 'route' && d.route ? [d.route] : []));

describe('request schemas of every /api route', () => {
  it('finds the routes', () => {
    expect(routes.length).toBeGreaterThan(40);
  });

  it('take strings and numbers only from validation.ts, bounded', () => {
    const found = routes.flatMap((r) => {
      const req = r.request ?? {};
      const parts: Array<[string, z.ZodType | undefined]> = [
        ['query', req.query],
        ['params', req.params],
        ['headers', req.headers],
        ...Object.entries(req.body?.content ?? {}).map(([type, m]) => [type, m.schema] as [string, z.ZodType]),
      ];
      return parts.flatMap(([where, s]) =>
        s ? problems(s, '').map((p) => `${r.method.toUpperCase()} ${r.path} ${where} ${p}`) : [],
      );
    });
    expect(found).toEqual([]);
  });

  it('catches what it is meant to catch (the walk itself can fail)', async () => {
    const { z } = await import('@hono/zod-openapi');
    expect(problems(z.object({ a: z.string().max(5) }), '')).toEqual(['a: string without safeCharacters']);
    expect(problems(z.object({ a: text(5).optional() }), '')).toEqual([]);
    expect(problems(z.object({ n: z.number().int() }), '')).toEqual(['n: number without bounds']);
    expect(
      problems(
        z.object({
          n: z
            .number()
            .int()
            .min(0)
            .max(2 ** 40),
        }),
        '',
      ),
    ).toHaveLength(1);
    expect(problems(z.object({ r: z.record(z.string(), z.string()) }), '')).toHaveLength(1);
    expect(problems(z.object({ l: z.array(text(5)) }), '')).toEqual(['l: array without a length limit']);
  });
});

describe('safe text', () => {
  it('tells NUL and lone surrogates from well-formed text', () => {
    for (const bad of ['\u0000', 'a\u0000', '\uD800', 'x\uD83D', '\uDE00y', '\uDE00\uD83D'])
      expect(isSafeText(bad), JSON.stringify(bad)).toBe(false);
    for (const good of ['', 'abc', '妙笔', '😀', '\t\n', 'Mozilla/5.0 (X11)'])
      expect(isSafeText(good), good).toBe(true);
  });

  it('cleans a header kept as data: bounded, without what PostgreSQL refuses, no half emoji at the cut', () => {
    expect(toSafeText('Mozilla\u0000/5.0', 300)).toBe('Mozilla/5.0');
    expect(toSafeText('ab😀', 3)).toBe('ab');
    expect(toSafeText('x'.repeat(500), 300)).toHaveLength(300);
    expect(toSafeText(undefined, 300)).toBeNull();
  });
});
