import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** One runner for every package; each package is a project so it can be run alone (`--project sdk`). */
export default defineConfig({
  resolve: {
    alias: [
      { find: /^pos-sdk\/contract$/, replacement: src('./packages/pos-sdk/src/contract/index.ts') },
      { find: /^pos-sdk\/node$/, replacement: src('./packages/pos-sdk/src/node.ts') },
      { find: /^pos-sdk\/escpos$/, replacement: src('./packages/pos-sdk/src/escpos.ts') },
      { find: /^pos-sdk\/money$/, replacement: src('./packages/pos-sdk/src/money/index.ts') },
      { find: /^pos-sdk\/rules$/, replacement: src('./packages/pos-sdk/src/rules/index.ts') },
      { find: /^pos-sdk\/messages$/, replacement: src('./packages/pos-sdk/src/messages.ts') },
      { find: /^pos-sdk\/receipt$/, replacement: src('./packages/pos-sdk/src/receipt.ts') },
      { find: /^pos-sdk\/testing$/, replacement: src('./packages/pos-sdk/src/testing/index.ts') },
      { find: /^pos-sdk$/, replacement: src('./packages/pos-sdk/src/index.ts') },
      { find: /^pos-server$/, replacement: src('./packages/pos-server/src/index.ts') },
    ],
  },
  test: {
    env: { TZ: 'UTC' },
    projects: [
      { extends: true, test: { name: 'sdk', include: ['packages/pos-sdk/src/**/*.test.ts'] } },
      {
        extends: true,
        test: { name: 'server', include: ['packages/pos-server/src/**/*.test.ts'], testTimeout: 30_000 },
      },
      {
        extends: true,
        test: {
          name: 'cli',
          include: ['packages/pos-cli/src/**/*.test.ts'],
          testTimeout: 60_000,
          // These tests run the built `pos` and server: a stale `dist` fails the run instead of being tested.
          globalSetup: ['./scripts/requireFreshBuilds.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          include: [
            'packages/pos-react/src/**/*.test.ts',
            'packages/pos-react/e2e/**/*.test.ts',
            'packages/pos-shell/e2e/**/*.test.ts',
          ],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          globalSetup: ['./scripts/requireFreshBuilds.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'shell', include: ['packages/pos-shell/src/**/*.test.ts'], testTimeout: 30_000 },
      },
      // The repository's scripts (scripts/build-if-stale.mjs) are tested here too: small, quick unit tests.
      {
        extends: true,
        test: {
          name: 'examples',
          include: ['examples/**/*.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
