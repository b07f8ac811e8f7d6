// fast-check arbitraries for the fuzz suite, read from /api/openapi.json:
// inputs that are nearly right (the declared fields, each perhaps of the
// wrong type, huge, empty, unicode or missing) and inputs that are wholly wrong.
import fc from 'fast-check';
import {
  EDGE_NUMBER_TEXTS,
  EDGE_NUMBERS,
  encodeRaw,
  RAW_NUMBER_LITERALS,
  RawJson,
  rawBytes,
  toJson,
  UNSAFE_STRINGS,
} from './fuzz-edges';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  const?: unknown;
  minimum?: number;
  maximum?: number;
}

export interface Operation {
  method: string;
  path: string;
  params: Array<{ in: 'path' | 'query' | 'header'; name: string; schema?: JsonSchema }>;
  body?: { type: string; schema?: JsonSchema };
}

/** A request the fuzzer sends. */
export interface FuzzRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
}

interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}
interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>;
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}

export function operationsOf(doc: OpenApiDoc): Operation[] {
  const resolve = (s: JsonSchema | undefined): JsonSchema | undefined =>
    s?.$ref ? resolve(doc.components?.schemas?.[s.$ref.split('/').at(-1) ?? '']) : s;
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const [type, media] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
      return {
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? [])
          .filter((p) => p.in === 'path' || p.in === 'query' || p.in === 'header')
          .map((p) => ({ in: p.in as 'path' | 'query' | 'header', name: p.name, schema: resolve(p.schema) })),
        body: type ? { type, schema: resolve(media?.schema) } : undefined,
      };
    }),
  );
}

const HUGE = 200_000;
/** Strings that break naive code: unicode of every plane, control characters, injections, huge. */
const nastyString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\uD800',
    '😀'.repeat(300),
    '妙笔'.repeat(500),
    "' or 1=1 --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '%E0%A4%A',
    '%',
    '{{7*7}}',
    '__proto__',
    'NaN',
    '-1',
    '1e309',
    ...UNSAFE_STRINGS,
  ),
  fc.constant('x'.repeat(HUGE)),
);

const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  nastyString,
  fc.constantFrom(null, true, -1, 0, 1.5, [], ...EDGE_NUMBERS),
  fc.constantFrom(...RAW_NUMBER_LITERALS).map((l) => new RawJson(l)),
  fc.constant(Object.fromEntries([['__proto__', { polluted: true }]])),
);

/** A value for one field: mostly plausible, often wrong. */
function fieldValue(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const plausible: fc.Arbitrary<unknown>[] = [];
  if (schema?.enum?.length) plausible.push(fc.constantFrom(...schema.enum));
  const type = Array.isArray(schema?.type) ? schema?.type[0] : schema?.type;
  if (type === 'string') plausible.push(fc.string({ maxLength: (schema?.maxLength ?? 20) + 2 }));
  if (type === 'integer' || type === 'number')
    plausible.push(fc.integer({ min: -5, max: 100_000 }), edgeNumber(schema));
  if (type === 'boolean') plausible.push(fc.boolean());
  if (type === 'object' && schema?.properties) plausible.push(objectFor(schema, 1));
  if (type === 'array') plausible.push(fc.array(fieldValue(schema?.items), { maxLength: 3 }));
  return plausible.length ? fc.oneof({ arbitrary: fc.oneof(...plausible), weight: 2 }, anyJson) : anyJson;
}

function objectFor(schema: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const record = Object.fromEntries(
    Object.entries(props).map(([k, s]) => [k, depth > 1 ? anyJson : fieldValue(s)] as const),
  );
  return fc.record(record, { requiredKeys: [] });
}

/** A body for the operation: near-valid JSON, random JSON, or bytes that are not JSON at all. */
function bodyFor(op: Operation): fc.Arbitrary<{ body: string | Uint8Array<ArrayBuffer>; type: string } | undefined> {
  const declared = op.body?.type ?? 'application/json';
  const json = toJson;
  const near = op.body?.schema ? objectFor(op.body.schema) : anyJson;
  return fc.oneof(
    { arbitrary: near.map((v) => ({ body: json(v), type: declared })), weight: 4 },
    // The same with NUL and surrogate escapes written as raw bytes (invalid UTF-8 and JSON).
    near.map((v) => ({ body: rawBytes(json(v)), type: declared })),
    anyJson.map((v) => ({ body: json(v), type: 'application/json' })),
    near.map((v) => ({ body: json(v).slice(0, -1), type: 'application/json' })),
    fc.string({ unit: 'binary', maxLength: 100 }).map((s) => ({ body: s, type: declared })),
    fc.tuple(near, fc.constantFrom('text/plain', 'text/xml', 'multipart/form-data')).map(([v, type]) => ({
      body: json(v),
      type,
    })),
    fc.constant(undefined),
  );
}

const paramValue = (schema: JsonSchema | undefined) => {
  const texts = fieldValue(schema).map((v) =>
    typeof v === 'string' ? v : v instanceof RawJson ? v.literal : toJson(v),
  );
  const numeric = schema?.type === 'integer' || schema?.type === 'number';
  return numeric ? fc.oneof(texts, fc.constantFrom(...EDGE_NUMBER_TEXTS)) : texts;
};

/** Integers at the column's edges and one past them, and the edges of int4, doubles and JSON. */
function edgeNumber(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const around = [schema?.minimum, schema?.maximum].flatMap((n) => (n === undefined ? [] : [n - 1, n, n + 1]));
  return fc.oneof(
    fc.constantFrom(...EDGE_NUMBERS, ...around),
    fc.constantFrom(...RAW_NUMBER_LITERALS).map((l) => new RawJson(l)),
  );
}

/** Encoded, except values that start with % go raw: malformed escapes are a case of their own. */
function pathSegment(v: string): string {
  if (v.startsWith('%')) return v;
  return encodeRaw(v).slice(0, 4000);
}

export function requestFor(op: Operation, auth: Record<string, string>): fc.Arbitrary<FuzzRequest> {
  const params = fc.tuple(...op.params.map((p) => fc.option(paramValue(p.schema), { nil: undefined })));
  return fc.record({ params, body: bodyFor(op), authed: fc.boolean() }).map(({ params, body, authed }) => {
    let path = op.path;
    const query: string[] = [];
    const headers: Record<string, string> = authed ? { ...auth } : {};
    op.params.forEach((p, i) => {
      const v = params[i];
      // A path segment is never empty on the wire; the router would route elsewhere.
      if (p.in === 'path') path = path.replace(`{${p.name}}`, pathSegment(v || '0'));
      else if (v !== undefined && p.in === 'query')
        query.push(`${encodeURIComponent(p.name)}=${encodeRaw(v.slice(0, 4000))}`);
      else if (v !== undefined) headers[p.name] = v.slice(0, 200).replace(/[^\x20-\x7e]/g, '?');
    });
    if (body?.type) headers['content-type'] = body.type;
    const qs = query.join('&');
    const withBody = op.method !== 'GET' && op.method !== 'HEAD';
    return { url: qs ? `${path}?${qs}` : path, method: op.method, headers, body: withBody ? body?.body : undefined };
  });
}
