import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every .ts/.tsx file under dir (islands and browser modules; .astro frontmatter runs on the server). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

const browserCode = [...sources('src/islands'), ...sources('src/components'), ...sources('src/stores')];

describe('browser bundles', () => {
  it('never import every locale (shared/i18n) or server code: islands get their texts as props', () => {
    const offenders = browserCode.filter((file) =>
      /from '[^']*\/(shared\/i18n|lib\/island-messages|server\/[^']*)'/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
