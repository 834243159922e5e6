import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SCRIPT = require.resolve('axe-core/axe.min.js');

/** One axe-core finding, short enough for a test failure message. */
export interface A11yViolation {
  readonly id: string;
  readonly impact: string;
  readonly help: string;
  readonly targets: readonly string[];
}

interface AxeResultsLike {
  violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[];
}

/**
 * Runs axe-core (WCAG 2 A and AA rules) on the page as it is now and returns the serious and
 * critical violations (an empty list passes).
 */
export async function seriousA11yViolations(page: Page): Promise<A11yViolation[]> {
  // Colours are checked at rest: a button's colour transition caught half-way (a tap just before) failed the contrast
  // rule once under load. Endless animations (a spinner) are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) =>
          animation.finished.then(
            () => undefined,
            () => undefined,
          ),
        ),
    ),
  );
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.addScriptTag({ path: AXE_SCRIPT });
  const results = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }).axe.run(
      document,
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } },
    ),
  )) as AxeResultsLike;
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.map(String).join(' ')),
    }));
}

/** Fails with the list of serious and critical axe-core violations, if any. */
export async function expectAccessible(page: Page): Promise<void> {
  const violations = await seriousA11yViolations(page);
  if (violations.length > 0) {
    throw new Error(`axe-core found serious or critical violations:\n${JSON.stringify(violations, null, 2)}`);
  }
}
