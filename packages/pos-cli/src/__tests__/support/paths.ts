import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

/** The built reference server (`npm run build -w pos-server`). */
export const SERVER_BIN = join(REPO_ROOT, 'packages/pos-server/dist/bin.js');

/** The built `pos` command (`npm run build -w pos-cli`). */
export const CLI_BIN = join(REPO_ROOT, 'packages/pos-cli/dist/bin.js');

/**
 * Fails with a clear message when a build the integration tests run is missing: they run the real
 * binaries (`npm test` builds first; alone, run `npm run build` before `vitest --project cli`).
 */
export function requireBuilt(): void {
  for (const [bin, workspace] of [
    [SERVER_BIN, 'pos-server'],
    [CLI_BIN, 'pos-cli'],
  ] as const) {
    if (!existsSync(bin)) {
      throw new Error(`${bin} is missing: run "npm run build -w ${workspace}" before the CLI tests`);
    }
  }
}
