// @ts-check
/**
 * Mutation testing of the SDK's money and rules (`npm run test:mutation`, run by CI after `npm test`): Stryker changes
 * the code one small way at a time ("mutants") and runs the unit tests of money and the rules that cover it
 * (vitest.stryker.config.ts); a change no test notices "survives": a behaviour nobody checks. CI fails below 90 %.
 *
 * Incremental: a run tests again only the mutants whose code or covering tests changed since the results in
 * `stryker-incremental.generated.json`, which is committed, so that CI's clean clone too runs only what a change
 * touched (a full run is about 15 minutes on 2 cores, most of CI's budget). Commit the file as `npm run
 * test:mutation` leaves it. It does not see a new test that would now kill an old survivor whose covering tests did
 * not change: `npx stryker run --force` for a full run, then commit the file.
 *
 * Equivalent mutants (a change no test can notice, because the behaviour stays the same: a guard that only narrows a
 * type, a fallback the type checker asks for, a shortcut whose general path gives the same answer) are marked where
 * they stand, with `// Stryker disable next-line <mutator>: <why it changes nothing>`, and so are not counted. Any
 * other survivor is a behaviour no test checks: add the test.
 *
 * A mutant that makes a module throw while it loads (money/Sen.ts `ZERO = sen(0)`) fails every test file that
 * imports the module before it runs a test, which Stryker's Vitest runner does not count as killed; and it runs only
 * the test files that import the mutated module ("related"). rules-load.test.ts loads every module inside a test
 * through `import.meta.glob`, which Vitest sees as imports, so such a mutant fails a test there.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.stryker.config.ts' },
  mutate: [
    'packages/pos-sdk/src/money/**/*.ts',
    'packages/pos-sdk/src/rules/**/*.ts',
    '!packages/pos-sdk/src/**/*.test.ts',
    '!packages/pos-sdk/src/**/index.ts',
  ],
  // The sandbox needs only the SDK, the root configs and docs/ (apiDocs.test.ts reads docs/api.md).
  ignorePatterns: [
    'bench',
    'examples',
    'packages/pos-cli',
    'packages/pos-react',
    'packages/pos-server',
    '**/dist',
    '**/data',
    'coverage',
    'reports',
    'docs/screenshots',
  ],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  timeoutMS: 10_000,
  incremental: true,
  incrementalFile: 'stryker-incremental.generated.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 95, low: 90, break: 90 },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
