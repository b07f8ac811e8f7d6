// Values at the edges the database and UTF-8 care about, for the fuzz suite:
// NUL and lone surrogates (PostgreSQL refuses the first, UTF-8 cannot encode
// the second), integers around int4 and the safe-integer range, and number
// literals JSON.stringify never writes. Plus the fields of an operation they
// can be put into, so every field is tried, not only those a random run hits.
import fc from 'fast-check';
import type { FuzzRequest, JsonSchema, Operation } from './fuzz-arbitraries';

/** NUL anywhere, lone high and low surrogates, a pair cut in half. */
export const UNSAFE_STRINGS = ['\u0000', 'a\u0000b', '\u0000\u0000\u0000', '\uD800', 'x\uD83D', '\uDC00y', '😀\uDE00'];

/** int4's edges and one past, the safe-integer edges, huge, tiny, fractional and negative zero. */
export const EDGE_NUMBERS = [
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 31 - 1,
  -(2 ** 31),
  2 ** 53,
  -(2 ** 53),
  2 ** 53 + 2,
  1e308,
  -1e308,
  5e-324,
  0.5,
  -0,
];

/** Number literals that JSON.stringify cannot produce, sent verbatim inside a body. */
export const RAW_NUMBER_LITERALS = ['-0', '-0.0', '1e400', '-1e400', '2147483648.0', '9007199254740993', '1E2'];

/** Query and path spellings of the same edges. */
export const EDGE_NUMBER_TEXTS = ['2147483648', '-2147483649', '9007199254740993', '1e308', '-0', '0x10', ' 1', '1.0'];

/** A value written into a JSON body as it is: `new RawJson('-0')` becomes -0 on the wire. */
export class RawJson {
  constructor(readonly literal: string) {}
}

/** JSON.stringify, except RawJson values, which go verbatim. */
export function toJson(value: unknown): string {
  const raws: string[] = [];
  const text =
    JSON.stringify(value, (_k, v) => {
      if (!(v instanceof RawJson)) return v;
      raws.push(v.literal);
      return `\uE000raw${raws.length - 1}\uE000`;
    }) ?? 'null';
  return text.replace(/"\uE000raw(\d+)\uE000"/g, (_m, i) => raws[Number(i)] ?? 'null');
}

/**
 * The JSON text as bytes, with every \uXXXX escape of a surrogate or NUL written
 * raw instead: WTF-8 bytes for surrogates (invalid UTF-8) and a NUL byte
 * (invalid inside a JSON string). A parser may reject or replace them; never a 500.
 */
export function rawBytes(json: string): Uint8Array<ArrayBuffer> {
  const parts: Buffer[] = [];
  let last = 0;
  for (const m of json.matchAll(/\\u(d[89a-f][0-9a-f]{2}|0000)/gi)) {
    parts.push(Buffer.from(json.slice(last, m.index), 'utf8'));
    const unit = Number.parseInt(m[1] ?? '0', 16);
    parts.push(
      Buffer.from(unit === 0 ? [0] : [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]),
    );
    last = (m.index ?? 0) + m[0].length;
  }
  parts.push(Buffer.from(json.slice(last), 'utf8'));
  return new Uint8Array(Buffer.concat(parts));
}

/** Percent-encoded; a lone surrogate goes as its raw WTF-8 bytes (%ED%A0%80), which is not UTF-8. */
export function encodeRaw(v: string): string {
  return Array.from(v, (c) => {
    const unit = c.charCodeAt(0);
    if (c.length > 1 || unit < 0xd800 || unit > 0xdfff) return encodeURIComponent(c);
    return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
      .map((b) => `%${b.toString(16).toUpperCase()}`)
      .join('');
  }).join('');
}

/** One place a value can go: a path parameter, a query parameter or a field (path) of the JSON body. */
export interface Target {
  in: 'path' | 'query' | 'body';
  path: string[];
  kind: 'string' | 'integer';
  /** A union (e.g. an e-mail or ''): its message is the union's, not the string's. */
  union: boolean;
  schema: JsonSchema;
}

const typeOf = (s: JsonSchema | undefined) => (Array.isArray(s?.type) ? s?.type : s?.type ? [s.type] : []);

function leaves(schema: JsonSchema | undefined, path: string[], union: boolean, depth: number): Target[] {
  if (!schema || depth > 4) return [];
  const alternatives = (schema.anyOf ?? schema.oneOf)?.filter((s) => s.type !== 'null');
  if (alternatives) return alternatives.flatMap((s) => leaves(s, path, alternatives.length > 1 || union, depth + 1));
  const types = typeOf(schema);
  const found: Target[] = [];
  if (types.includes('object') && schema.properties)
    for (const [k, v] of Object.entries(schema.properties)) found.push(...leaves(v, [...path, k], union, depth + 1));
  if (types.includes('array')) found.push(...leaves(schema.items, [...path, '0'], union, depth + 1));
  if (types.includes('string') && !schema.enum && path.length)
    found.push({ in: 'body', path, kind: 'string', union, schema });
  if (types.includes('integer') && path.length) found.push({ in: 'body', path, kind: 'integer', union, schema });
  return found;
}

/** Every string and integer an operation takes: parameters and JSON body fields, nested ones included. */
export function targetsOf(op: Operation): Target[] {
  const params = op.params.flatMap((p): Target[] => {
    if (p.in === 'header') return [];
    return leaves(p.schema, [p.name], false, 0).map((t) => ({ ...t, in: p.in as 'path' | 'query' }));
  });
  const json = op.body?.type === 'application/json' ? leaves(op.body.schema, [], false, 0) : [];
  const seen = new Set<string>();
  return [...params, ...json].filter((t) => {
    const key = `${t.in}:${t.path.join('.')}:${t.kind}`;
    return !seen.has(key) && seen.add(key) !== undefined;
  });
}

/** Sets a value at a path, making objects and arrays on the way ('0' makes an array). */
export function setPath(root: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  let node: Record<string, unknown> | unknown[] = root;
  path.forEach((key, i) => {
    const last = i === path.length - 1;
    const next = path[i + 1];
    const slot = node as Record<string, unknown>;
    if (last) slot[key] = value;
    else {
      slot[key] ??= next === '0' ? [] : {};
      node = slot[key] as Record<string, unknown>;
    }
  });
  return root;
}

const INT4_MAX = 2 ** 31 - 1;

/** A value the schema accepts: so that a request is refused for the one value put in, or not at all. */
export function validValue(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 5) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alternative = (schema.anyOf ?? schema.oneOf)?.find((s) => s.type !== 'null');
  if (alternative) return validValue(alternative, depth + 1);
  const type = typeOf(schema)[0];
  if (type === 'string') {
    if (schema.pattern) return fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { numRuns: 1, seed: 7 })[0];
    return 'x'.repeat(Math.min(Math.max(schema.minLength ?? 1, 1), schema.maxLength ?? 1));
  }
  if (type === 'integer' || type === 'number') return Math.min(Math.max(1, schema.minimum ?? 1), schema.maximum ?? 1);
  if (type === 'boolean') return false;
  if (type === 'array') return [validValue(schema.items, depth + 1)];
  if (type === 'object')
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, validValue(v, depth + 1)]));
  return null;
}

const wireText = (v: unknown) => (typeof v === 'string' ? v : v instanceof RawJson ? v.literal : toJson(v));

/** The wire text of every parameter and the JSON body of a request the schema accepts: built once per operation. */
export interface ValidRequest {
  op: Operation;
  params: Map<string, string>;
  body: unknown;
}

export function validRequest(op: Operation): ValidRequest {
  return {
    op,
    params: new Map(op.params.map((p) => [`${p.in}:${p.name}`, wireText(validValue(p.schema))])),
    body: (op.body?.type === 'application/json' ? validValue(op.body.schema) : null) ?? {},
  };
}

/**
 * A valid request (parameters, body, a session) with one value put into one
 * place: if that value is not refused, it reaches the handler and the database.
 * Parameters are checked before the body, so they must be valid for a body field to be seen.
 */
export function inject(valid: ValidRequest, target: Target, value: unknown, auth: Record<string, string>): FuzzRequest {
  const { op } = valid;
  let path = op.path;
  const query: string[] = [];
  for (const p of op.params) {
    const isTarget = target.in === p.in && target.path[0] === p.name;
    const v = isTarget ? wireText(value) : (valid.params.get(`${p.in}:${p.name}`) ?? '');
    if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeRaw(v));
    if (p.in === 'query') query.push(`${encodeURIComponent(p.name)}=${encodeRaw(v)}`);
  }
  const withBody = op.method !== 'GET' && op.method !== 'HEAD';
  const body =
    target.in === 'body'
      ? setPath(structuredClone(valid.body) as Record<string, unknown>, target.path, value)
      : valid.body;
  return {
    url: query.length ? `${path}?${query.join('&')}` : path,
    method: op.method,
    headers: {
      ...auth,
      cookie: [auth.cookie, 'lang=en-US'].filter(Boolean).join('; '),
      ...(withBody ? { 'content-type': 'application/json' } : {}),
    },
    body: withBody ? toJson(body) : undefined,
  };
}

/** Values that must be refused at this place, and values that must merely not break anything. */
export function edgesOf(t: Target): { refused: unknown[]; tolerated: unknown[] } {
  if (t.kind === 'string') {
    // In a URL a lone surrogate can only travel as invalid UTF-8 bytes, which the router may keep as text.
    return t.in === 'body'
      ? { refused: ['a\u0000b', '\uD800', 'x\uD83D', '\uDC00y'], tolerated: [] }
      : { refused: ['a\u0000b'], tolerated: ['\uD800', 'x\uD83D'] };
  }
  const { minimum: min, maximum: max } = t.schema;
  const past = [max === undefined ? [] : [max + 1], min === undefined ? [] : [min - 1]].flat();
  const int4 = max !== undefined && max <= INT4_MAX ? [2 ** 31] : [];
  const wire = t.in === 'body' ? (n: unknown) => n : wireText;
  return {
    refused: [...past, ...int4, 1e308, 0.5].map(wire),
    tolerated: [-(2 ** 31) - 1, 2 ** 53 + 2, new RawJson('-0'), new RawJson('1e400')].map(wire),
  };
}
