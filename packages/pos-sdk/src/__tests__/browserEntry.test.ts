import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const entry = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/** Bundles an entry for the browser, the way an integrator's bundler would; rejects on failure. */
async function bundleForBrowser(path: string) {
  return build({
    entryPoints: [entry(path)],
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'esm',
    metafile: true,
    logLevel: 'silent',
  });
}

describe('browserEntry', () => {
  it('the browser entry (pos-sdk), pos-sdk/contract and pos-sdk/escpos bundle for the browser with no Node built-in', async () => {
    for (const path of ['index.ts', 'contract/index.ts', 'escpos.ts']) {
      const result = await bundleForBrowser(path);
      expect(result.errors).toEqual([]);
      const imports = Object.values(result.metafile.inputs).flatMap((input) =>
        input.imports.map((i) => i.path),
      );
      expect(imports.filter((specifier) => specifier.startsWith('node:'))).toEqual([]);
    }
  }, 30_000);

  it('the Node entry (pos-sdk/node) does not, so the check above can fail', async () => {
    await expect(bundleForBrowser('node.ts')).rejects.toThrow(/node:/);
  }, 30_000);
});
