import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The tests read the spec and the design docs from copies in the repository, so `npm test` needs nothing outside
 * it. Where the team's `../shared` is beside the repository (every machine of ours, and CI), the copies must be what
 * it holds: a changed spec fails here until the copy (and the product) follows. A clone without it says so.
 */
const COPIES = {
  'messages.txt': 'spec/messages.txt',
  'pos-terminal-spec.md': 'spec/pos-terminal-spec.md',
  'contract.md': 'design/contract.md',
} as const;

const copy = (name: string) => fileURLToPath(new URL(`./__fixtures__/shared/${name}`, import.meta.url));
const original = (path: string) => fileURLToPath(new URL(`../../../../../shared/${path}`, import.meta.url));
const hasShared = existsSync(original('spec/messages.txt'));

describe('copies of ../shared in the repository', () => {
  it.each(Object.entries(COPIES))('%s is in the repository', (name) => {
    expect(readFileSync(copy(name), 'utf8').length).toBeGreaterThan(0);
  });

  it.each(Object.entries(COPIES))(
    '%s is the same as ../shared/%s (where ../shared is beside the repository)',
    (name, path) => {
      if (!hasShared) {
        console.info(`../shared is not beside the repository: ${name} was not compared with it`);
        return;
      }
      expect(readFileSync(copy(name), 'utf8')).toBe(readFileSync(original(path), 'utf8'));
    },
  );
});
