// The reply shapes in src/shared/contract are zod schemas the routes answer
// with; the browser takes only their inferred types, so no zod reaches its
// bundle (ARCHITECTURE.md, "One contract").
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return /\.(tsx?|mjs)$/.test(name) ? [full] : [];
  });

/** Import or export statements of `text` that bring a value (not only types) from the contract folder. */
function valueImports(text: string): string[] {
  const statements = text.match(/^(?:import|export)\b[^;]*?from\s*'[^']*shared\/contract\/[^']*';?/gms) ?? [];
  return statements.filter((s) => !/^(?:import|export)\s+type\b/.test(s));
}

describe('shared contract in the browser', () => {
  it('browser code and the rest of src/shared import the contract as types only', () => {
    const browser = ['src/islands', 'src/components', 'src/stores', 'src/lib', 'src/shared'].flatMap(files);
    const found = browser
      .filter((f) => !f.startsWith(`src${path.sep}shared${path.sep}contract`))
      .flatMap((f) => valueImports(readFileSync(f, 'utf8')).map((s) => `${f}: ${s}`));
    expect(found).toEqual([]);
  });

  it('tells a value import from a type import', () => {
    expect(valueImports("import { order } from '../../shared/contract/shop';")).toHaveLength(1);
    expect(valueImports("import {\n  order,\n} from '../shared/contract/shop';")).toHaveLength(1);
    expect(valueImports("export { song } from '../../shared/contract/music';")).toHaveLength(1);
    expect(valueImports("import type { OrderInfo } from '../../shared/contract/shop';")).toEqual([]);
    expect(valueImports("export type { Song } from '../../shared/contract/music';")).toEqual([]);
  });
});
