// fast-check arbitraries for the fuzz suite, read from /api/openapi.json:
// inputs that are nearly right (the declared fields, each perhaps of the
// wrong type, huge, empty, unicode or missing) and inputs that are wholly wrong.
import fc from 'fast-check';

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
  body?: string;
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
  ),
  fc.constant('x'.repeat(HUGE)),
);

const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  nastyString,
  fc.constantFrom(null, true, -1, 0, 2 ** 53, -(2 ** 31), 1.5, []),
  fc.constant(Object.fromEntries([['__proto__', { polluted: true }]])),
);

/** A value for one field: mostly plausible, often wrong. */
function fieldValue(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const plausible: fc.Arbitrary<unknown>[] = [];
  if (schema?.enum?.length) plausible.push(fc.constantFrom(...schema.enum));
  const type = Array.isArray(schema?.type) ? schema?.type[0] : schema?.type;
  if (type === 'string') plausible.push(fc.string({ maxLength: (schema?.maxLength ?? 20) + 2 }));
  if (type === 'integer' || type === 'number') plausible.push(fc.integer({ min: -5, max: 100_000 }));
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
function bodyFor(op: Operation): fc.Arbitrary<{ body: string; type: string } | undefined> {
  const declared = op.body?.type ?? 'application/json';
  const json = (v: unknown) => JSON.stringify(v) ?? 'null';
  const near = op.body?.schema ? objectFor(op.body.schema) : anyJson;
  return fc.oneof(
    { arbitrary: near.map((v) => ({ body: json(v), type: declared })), weight: 4 },
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

const paramValue = (schema: JsonSchema | undefined) =>
  fieldValue(schema).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')));

/** Encoded, except values that start with % go raw: malformed escapes are a case of their own. */
function pathSegment(v: string): string {
  if (v.startsWith('%')) return v;
  const wellFormed = Array.from(v, (c) => (c.length === 1 && c >= '\uD800' && c <= '\uDFFF' ? '\uFFFD' : c)).join('');
  return encodeURIComponent(wellFormed).slice(0, 4000);
}

export function requestFor(op: Operation, auth: Record<string, string>): fc.Arbitrary<FuzzRequest> {
  const params = fc.tuple(...op.params.map((p) => fc.option(paramValue(p.schema), { nil: undefined })));
  return fc.record({ params, body: bodyFor(op), authed: fc.boolean() }).map(({ params, body, authed }) => {
    let path = op.path;
    const query = new URLSearchParams();
    const headers: Record<string, string> = authed ? { ...auth } : {};
    op.params.forEach((p, i) => {
      const v = params[i];
      // A path segment is never empty on the wire; the router would route elsewhere.
      if (p.in === 'path') path = path.replace(`{${p.name}}`, pathSegment(v || '0'));
      else if (v !== undefined && p.in === 'query') query.set(p.name, v.slice(0, 4000));
      else if (v !== undefined) headers[p.name] = v.slice(0, 200).replace(/[^\x20-\x7e]/g, '?');
    });
    if (body?.type) headers['content-type'] = body.type;
    const qs = query.toString();
    const withBody = op.method !== 'GET' && op.method !== 'HEAD';
    return { url: qs ? `${path}?${qs}` : path, method: op.method, headers, body: withBody ? body?.body : undefined };
  });
}
