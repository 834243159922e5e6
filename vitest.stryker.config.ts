import { defineConfig } from 'vitest/config';
import root from './vitest.config';

/**
 * What `npm run test:mutation` (stryker.config.mjs) runs against each mutant: the root config's `sdk` project,
 * narrowed to the unit tests of money and the rules. Those are the tests that must catch a change of a rule; and
 * Stryker runs every test once per "static" mutant (a constant such as a message or a pattern), so the slow
 * service, API and hardware tests would make the run too long for CI. Stryker's Vitest runner takes a config file
 * but no `--project`, hence this file.
 */
export default defineConfig({
  ...root,
  test: {
    ...root.test,
    projects: [
      {
        extends: true,
        test: {
          name: 'sdk',
          include: [
            'packages/pos-sdk/src/__tests__/money*.test.ts',
            'packages/pos-sdk/src/__tests__/rules-*.test.ts',
          ],
        },
      },
    ],
  },
});
