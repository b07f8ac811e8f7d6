// Reply and request shapes are written once, in src/shared/contract, and reach
// the browser as types (ARCHITECTURE.md, "How a reply type reaches the
// browser"). This test fails when browser code declares its own copy of a
// contract shape, reaches for the untyped transport, or calls fetch() past
// the typed client, and when a route file builds a schema of its own.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });

const BROWSER = ['src/islands', 'src/stores', 'src/lib', 'src/components'].flatMap(files);

/** fetch() past the typed client, each for a reason. */
const FETCH_ALLOWED: Record<string, string> = {
  // Loads the next page of the public square as HTML, not an API reply.
  'src/islands/drawing/square-scroll.ts': 'reads an HTML page',
  // Imports a prompt list from an address the person typed (any site).
  'src/islands/chat/prompt-store/OnlinePrompts.tsx': 'reads a third-party URL',
};

interface Shape {
  name: string;
  keys: Set<string>;
  required: Set<string>;
}

/** The object schemas the contract exports (arrays of objects count as their item), read from the zod schemas. */
async function contractShapes(): Promise<Shape[]> {
  const shapes: Shape[] = [];
  for (const file of files('src/shared/contract')) {
    const mod = (await import(path.resolve(file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      const shape = objectShape(value);
      if (!shape) continue;
      const keys = new Set(Object.keys(shape));
      const required = new Set([...keys].filter((k) => !isOptional(shape[k])));
      shapes.push({ name: `${path.basename(file, '.ts')}.${name}`, keys, required });
    }
  }
  return shapes;
}

type Zodish = { shape?: Record<string, unknown>; element?: unknown; isOptional?: () => boolean };

function objectShape(value: unknown): Record<string, unknown> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const z = value as Zodish;
  if (z.shape && typeof z.shape === 'object') return z.shape;
  if (z.element) return objectShape(z.element);
  return undefined;
}

function isOptional(field: unknown): boolean {
  const z = field as Zodish;
  return typeof z?.isOptional === 'function' && z.isOptional();
}

/** Interfaces and object type aliases a browser file declares, with their own property names. */
function declaredShapes(file: string, text: string): Shape[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const found: Shape[] = [];
  const add = (name: string, members: ts.NodeArray<ts.TypeElement>) => {
    const props = members.filter(ts.isPropertySignature);
    const keys = new Set(props.map((p) => p.name.getText(source)));
    const required = new Set(props.filter((p) => !p.questionToken).map((p) => p.name.getText(source)));
    if (keys.size > 0) found.push({ name, keys, required });
  };
  const visit = (node: ts.Node) => {
    if (ts.isInterfaceDeclaration(node)) add(node.name.text, node.members);
    if (ts.isTypeAliasDeclaration(node) && ts.isTypeLiteralNode(node.type)) add(node.name.text, node.type.members);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Equal property names, or all of a contract shape's names (3+ of them required) and more; one name proves nothing. */
function copies(declared: Shape, contract: Shape): boolean {
  if (contract.keys.size < 2) return false;
  const covers = [...contract.keys].every((k) => declared.keys.has(k));
  if (!covers) return false;
  return declared.keys.size === contract.keys.size || contract.required.size >= 3;
}

/** Copies of contract shapes declared in browser source files. */
function duplicates(sources: Array<{ file: string; text: string }>, contract: Shape[]): string[] {
  return sources.flatMap(({ file, text }) =>
    declaredShapes(file, text).flatMap((d) =>
      contract.filter((c) => copies(d, c)).map((c) => `${file}: ${d.name} copies ${c.name}`),
    ),
  );
}

const read = (file: string) => ({ file, text: readFileSync(file, 'utf8') });
/** Code without its comments, so a comment naming fetch() is no call. */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

// Parsing every browser file with the compiler takes seconds on a busy machine.
describe('contract shapes in the browser', { timeout: 60_000 }, async () => {
  const contract = await contractShapes();

  it('reads the contract schemas', () => {
    const userInfo = contract.find((c) => c.name === 'account.userInfo');
    expect(userInfo?.keys.has('baseUserId')).toBe(true);
    expect(userInfo?.required.has('console')).toBe(false);
  });

  it('no browser file declares a copy of a contract shape', () => {
    expect(duplicates(BROWSER.map(read), contract)).toEqual([]);
  });

  it('finds a planted copy', () => {
    const planted = `export interface Mine { couponId: number; code: string; day: string; claimedAt: string; validUntil: string | null }
type Wider = { orderNo: string; orderPrice: number; orderStatus: number; extra?: boolean; [k: string]: unknown };`;
    const found = duplicates([{ file: 'src/islands/x.ts', text: planted }], contract);
    expect(found).toContain('src/islands/x.ts: Mine copies activity.userCoupon');
    expect(duplicates([{ file: 'x.ts', text: 'interface View { open: boolean; label: string }' }], contract)).toEqual(
      [],
    );
  });

  it('browser code never imports the untyped transport', () => {
    const found = BROWSER.filter((f) => !f.startsWith('src/lib/api/')).filter((f) =>
      /import\s*\{[^}]*\btransport\b[^}]*\}\s*from\s*'[^']*lib\/api\/client'/.test(readFileSync(f, 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('browser code calls the API through the typed client, not fetch()', () => {
    const found = BROWSER.filter((f) => !f.startsWith('src/lib/api/') && !(f in FETCH_ALLOWED)).filter((f) =>
      /(^|[^.\w])fetch\(/m.test(code(readFileSync(f, 'utf8'))),
    );
    expect(found).toEqual([]);
  });
});

/** The files that build the `{ code, result, data }` envelope around every reply: no body, query or data shape. */
const ENVELOPE = new Set(['src/server/api/reply-schema.ts', 'src/server/api/route-kit.ts']);
/** The input helpers of src/shared/contract/input.ts (and the contract's list helpers): each call builds a schema. */
const BUILDERS = new Set([
  'text',
  'rawText',
  'safeString',
  'pattern',
  'int',
  'intParam',
  'id',
  'bigintParam',
  'paging',
  'pageOf',
]);
/** zod methods that derive a new schema from one (not Hono's `app.openapi(route, handler)`). */
const DERIVES = new Set([
  'extend',
  'partial',
  'omit',
  'pick',
  'merge',
  'refine',
  'superRefine',
  'strict',
  'nullable',
  'nullish',
  'optional',
  'default',
  'describe',
  'regex',
]);

/** Places a server api file builds a zod schema: request, query, parameter and reply shapes belong in the contract. */
function schemasBuilt(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      let what: string | undefined;
      if (ts.isIdentifier(callee) && BUILDERS.has(callee.text)) what = `${callee.text}()`;
      if (ts.isPropertyAccessExpression(callee)) {
        const name = callee.name.text;
        if (ts.isIdentifier(callee.expression) && callee.expression.text === 'z') what = `z.${name}()`;
        else if (DERIVES.has(name)) what = `.${name}()`;
        else if (
          name === 'openapi' &&
          node.arguments[0] &&
          !ts.isIdentifier(node.arguments[0]) &&
          !ts.isPropertyAccessExpression(node.arguments[0])
        )
          what = '.openapi()';
      }
      if (what) {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        found.push(`${file}:${line} ${what}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('schemas of the routes', { timeout: 60_000 }, () => {
  it('no route file builds a request, query, parameter or reply schema: they are in src/shared/contract', () => {
    const found = files('src/server/api')
      .filter((f) => !ENVELOPE.has(f))
      .flatMap((f) => schemasBuilt(f, readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });

  it('finds a planted schema', () => {
    const planted = `const q = z.object({ id: id() });
export const r = createRoute({ request: { query: listBody.extend({ q: text(10).optional() }) } });
app.openapi(r, (c) => c.json(null));`;
    expect(schemasBuilt('x.ts', planted)).toEqual([
      'x.ts:1 z.object()',
      'x.ts:1 id()',
      'x.ts:2 .extend()',
      'x.ts:2 .optional()',
      'x.ts:2 text()',
    ]);
  });
});
