import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

/**
 * Builds one of the contract's schemas when its module loads. Every schema is built through it, behind a pure
 * annotation (`/* @__PURE__ *\/ defineSchema(() => ...)`), so a bundler drops the schemas an app never uses: the
 * module-level calls of zod would otherwise be kept for their possible side effects, and with them every schema.
 *
 * It also gives zod/mini its English messages ('Too big: expected number to be <=999'), which the contract's texts
 * and `fieldIssueText` read: zod/mini says only 'Invalid input' until a locale is set, and the full `zod` sets English
 * when it loads. A locale the app set first is kept.
 *
 * @example export const PriceSchema = /* @__PURE__ *\/ defineSchema(() => z.object({ value: z.number() }));
 */
export function defineSchema<T>(build: () => T): T {
  if (z.config().localeError === undefined) z.config(en());
  return build();
}
