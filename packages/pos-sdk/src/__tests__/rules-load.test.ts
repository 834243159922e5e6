import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The money and rules modules, each loaded on its own, in a test (not at the top of the file). */
const MODULES = ['money', 'rules'].flatMap((folder) =>
  readdirSync(new URL(`../${folder}/`, import.meta.url))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => `${folder}/${name}`),
);

describe('money and rules modules', () => {
  // A module that did work on import (a constant made by a call, a formatter, a pattern) and threw there would fail
  // every file that imports it before any test runs; loading each one inside a test makes that a failing test.
  it.each(MODULES)('%s loads without error', async (path) => {
    await expect(import(new URL(`../${path}`, import.meta.url).href)).resolves.toBeDefined();
  });

  it('finds the modules', () => {
    expect(MODULES).toContain('money/Sen.ts');
    expect(MODULES).toContain('rules/orderListMessages.ts');
  });
});
