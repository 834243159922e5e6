// @ts-check
/**
 * Mutation testing of the SDK's money and rules (`npm run test:mutation`, run by CI after `npm test`): Stryker changes
 * the code one small way at a time ("mutants") and runs the unit tests of money and the rules that cover it
 * (vitest.stryker.config.ts); a change no test notices "survives": a behaviour nobody checks. CI fails below 90 %.
 *
 * Incremental: a second local run tests again only the mutants whose code or covering tests changed
 * (reports/stryker-incremental.json, git-ignored); a clean clone such as CI's runs them all. It does not see a new
 * test that would now kill an old survivor whose covering tests did not change: `npx stryker run --force` for a full
 * run.
 *
 * The survivors left are equivalent mutants: each changes no behaviour, so no test can kill it.
 * money/
 * - arithmetic.ts: `a <= b` -> `a < b` (minSen), `a >= b` -> `a > b` (maxSen): for equal amounts both are the same.
 *   compareSen `a < b` -> `a <= b`: equal amounts were answered 0 before.
 * - hundredths.ts `match[2] ?? '0'`, parseRinggit.ts `match[2] ?? '0'`: the group is not optional; the fallback is
 *   only for the type checker (never runs).
 * - hundredths.ts `n === 0 ? 0 : n`: n comes from a BigInt, which has no -0. `Math.abs(value) < 1` -> `<= 1`: exponent
 *   notation, the only way there, is below 1e-6 or from 1e21 on, never 1. `fraction[2] ?? '0'` -> `?? ''`: both
 *   are below '5'.
 * - percentOf.ts `numerator < 0n` -> `<= 0n`: a zero numerator gives 0 either way (-0n is 0n).
 * rules/
 * - amountField.ts: the anchors of NON_NEGATIVE and SIGNED: a pre-check; parseRinggit applies the same anchored pattern.
 * - calendarDate.ts `iso[n] ?? ''`, `dayFirst[n] ?? ''`: the groups always match (type checker only).
 *   formatCalendarDate's first guard (`date === null || date === undefined || date === ''`, all but its `''` result):
 *   without it null and undefined read as NaN and '' is no date, which end in the same ''.
 * - catalogFile.ts: `cells.length > 1` and `touched = true` at a comma (a comma always makes two cells);
 *   `issue === undefined` (a zod failure always has an issue); `record.type?.`, `record.price ?? ''`,
 *   `record.sku ?? ''`, `record.product ?? ''` (required header columns, always there); `record[name] ?? ''` in the
 *   whole-number reader (missing and empty give the same message); the barcode's `.trim()` (the schema trims);
 *   the duplicate key `toUpperCase` -> `toLowerCase` (case-insensitive either way); formatCatalogFile
 *   `row.type === 'MERCHANDISE'` -> true (a pass has no size or barcode: '' either way).
 * - customerEmail.ts `typeof usage_limit === 'number'` -> true: null and undefined fail `> 1` and `=== 0` too.
 * - discount.ts the first `request.value <= 0` (-> false, -> `< 0`): the rounded value is checked again.
 * - discountForm.ts `value === undefined || !type` in the last check: each also set an error, which it checks.
 * - displayText.ts `/[^\p{L}\p{N}]+/u` -> `/[^\p{L}\p{N}]/u`: the extra empty pieces never equal a trimmed group.
 * - email.ts `at <= 0` -> `at < 0`: an empty local part fails the LOCAL pattern.
 * - loginForm.ts `input.email ?? ''` -> another text: no email is invalid either way.
 * - memberDetails.ts readDate's guard (`input === null || input === undefined || input === ''`): null and undefined
 *   read as NaN, '' is no date: undefined either way. `|| dob === undefined` in the last check: it set errors.dob.
 * - payment.ts readPositiveAmount's `input === null || input === undefined`: 'null' and 'undefined' are no amount;
 *   `amount !== undefined` -> true: `undefined > 0` is false.
 * - quantity.ts `quantity < 0` -> `<= 0`: 0 was ignored before.
 * - renewalForm.ts `paymentType === ''`: the not-enabled check refuses '' with the same message.
 * - ticketStatus.ts the expiry's null/undefined guard: Date.parse(null) is NaN, never past.
 * - venueDay.ts: `if (!formatter)` -> true (builds a formatter each time: slower, same answer); `part.type !== 'literal'` (literal parts go under a key nobody reads); `before === after` -> false
 *   (the general path gives the same start when the offsets agree); venueDateStart's CALENDAR_DATE anchors and
 *   `||` -> `&&` (the toISOString().startsWith(date) round trip and the venueDate comparison refuse the same texts),
 *   and its probes -12 -> +12, -24 -> +24, `+ shift` -> `- shift` (the ±24 h probes find the same day).
 *
 *
 * Not equivalent, yet reported as survivors: a mutant that makes a module throw while it loads (money/Sen.ts
 * `if (!Number.isSafeInteger(n))` -> true or negated, which breaks `ZERO = sen(0)`; orderListMessages.ts
 * `new Intl.NumberFormat('')`). Every test file that imports such a module fails before it runs a test, which
 * Stryker's Vitest runner does not count (it counts failed tests); rules-load.test.ts imports each module inside a
 * test so that this would fail a test, yet Stryker still reports these three, for a reason not yet found.
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
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 95, low: 90, break: 90 },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
