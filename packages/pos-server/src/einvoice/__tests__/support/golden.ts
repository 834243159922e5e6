import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';

const FIXTURES = join(import.meta.dirname, '..', '__fixtures__');

/**
 * Compares `value`, as indented JSON, with the golden file `name` in `__fixtures__/`. `UPDATE_GOLDEN=1` rewrites the
 * file instead (then review the diff: the golden file is the reviewed document, not whatever the code makes).
 */
export function expectGolden(name: string, value: unknown): void {
  const path = join(FIXTURES, name);
  const text = `${JSON.stringify(value, null, 2)}\n`;
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(path)) {
    if (process.env.UPDATE_GOLDEN !== '1')
      throw new Error(`No golden file ${name}: run with UPDATE_GOLDEN=1`);
    writeFileSync(path, text);
    return;
  }
  expect(text).toBe(readFileSync(path, 'utf8'));
}
