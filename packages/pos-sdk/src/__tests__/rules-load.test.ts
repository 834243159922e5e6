/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';

/**
 * The money and rules modules, each loaded on its own, in a test (not at the top of the file). `import.meta.glob`
 * writes one `import('../money/Sen.ts')` per module, which Vitest (and so Stryker's "related tests") sees as this
 * file's imports: a mutant that makes a module throw while it loads fails a test here, where every file that imports
 * the module at its top fails before it runs a test.
 */
const LOADERS = import.meta.glob(['../money/*.ts', '../rules/*.ts']);
const MODULES = Object.keys(LOADERS).map((path) => path.replace('../', ''));

describe('money and rules modules', () => {
  // A module that did work on import (a constant made by a call, a formatter, a pattern) and threw there would fail
  // every file that imports it before any test runs; loading each one inside a test makes that a failing test.
  it.each(Object.entries(LOADERS))('%s loads without error', async (_path, load) => {
    await expect(load()).resolves.toBeDefined();
  });

  it('finds the modules', () => {
    expect(MODULES).toContain('money/Sen.ts');
    expect(MODULES).toContain('rules/orderListMessages.ts');
    expect(MODULES.length).toBeGreaterThan(40);
  });
});
