import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CONSUMERS = [
  'packages/pos-cli/src',
  'packages/pos-shell/src',
  'packages/pos-shell/e2e',
  'packages/pos-server/src',
  'packages/pos-react/src',
  'packages/pos-react/e2e',
  'examples',
  'bench',
];
const manifest = JSON.parse(readFileSync(join(ROOT, 'packages/pos-sdk/package.json'), 'utf8')) as {
  exports: Record<string, unknown>;
};
/** The import names an integrator has: `pos-sdk` and `pos-sdk/<entry>` of the package's exports map. */
const PUBLIC = new Set(
  Object.keys(manifest.exports).map((key) => (key === '.' ? 'pos-sdk' : `pos-sdk/${key.slice(2)}`)),
);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx|mjs|js)$/.test(name)) out.push(path);
  }
  return out;
}

/** Every module specifier of a file's static and dynamic imports and re-exports. */
function specifiers(text: string): string[] {
  const found = [...text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"]+)['"]/g)].map(
    (match) => match[1] ?? '',
  );
  return found;
}

/** A specifier that reaches into pos-sdk other than by a public entry: `pos-sdk/src/...`, `../pos-sdk/scripts/...`. */
function isDeepImport(specifier: string): boolean {
  const intoSdk = specifier.startsWith('pos-sdk') || /(^|\/)pos-sdk\/(src|dist|scripts)\b/.test(specifier);
  return intoSdk && !PUBLIC.has(specifier);
}

describe('the apps use the SDK as an integrator does', () => {
  const files = CONSUMERS.flatMap((dir) => sourceFiles(join(ROOT, dir)));

  it('finds the apps’ sources', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('imports pos-sdk only through the entries of its exports map, never its files', () => {
    const deep: string[] = [];
    for (const file of files) {
      for (const specifier of specifiers(readFileSync(file, 'utf8'))) {
        if (isDeepImport(specifier)) deep.push(`${relative(ROOT, file)}: ${specifier}`);
      }
    }
    expect(deep).toEqual([]);
  });

  it('tells a deep import from a public entry', () => {
    expect(isDeepImport('pos-sdk/src/rules')).toBe(true);
    expect(isDeepImport('pos-sdk/dist/index.js')).toBe(true);
    expect(isDeepImport('../../../pos-sdk/scripts/apiSamples')).toBe(true);
    expect(isDeepImport('pos-sdk/rules')).toBe(false);
    expect(isDeepImport('pos-sdk')).toBe(false);
    expect(isDeepImport('pos-server')).toBe(false);
  });
});

describe('the built package, as an installed app loads it', () => {
  // A CommonJS app (or a tool that still calls require) on Node 20.19+ loads the ES module entries through their
  // `default` condition; the built dist is what npm test built before this runs.
  it.each([...PUBLIC])('require(%s) gives its exports', (entry) => {
    const script = `const m = require(${JSON.stringify(entry)}); if (Object.keys(m).length === 0) process.exit(3);`;
    const result = spawnSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
