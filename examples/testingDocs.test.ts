import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url);
const doc = readFileSync(new URL('docs/testing.md', root), 'utf8');

/** Each `<!-- example: path -->` marker of docs/testing.md with the ts block that follows it. */
function examplesOfDoc(): Map<string, string> {
  const examples = new Map<string, string>();
  for (const match of doc.matchAll(/<!-- example: (\S+) -->\n\n```ts\n([\s\S]*?)```/g)) {
    examples.set(match[1] ?? '', match[2] ?? '');
  }
  return examples;
}

describe('docs/testing.md', () => {
  it('shows the two example tests verbatim: the kiosk with the kit alone, the gate with nock 14', () => {
    const examples = examplesOfDoc();
    expect([...examples.keys()].sort()).toEqual([
      'examples/gate-check/gate.test.ts',
      'examples/kiosk-sale/kiosk.test.ts',
    ]);
    for (const [path, code] of examples) expect(code, path).toBe(readFileSync(new URL(path, root), 'utf8'));
  });

  it('tells nock users to stay on nock 14, which the examples use', () => {
    expect(doc).toContain('nock@^14');
    const examples = JSON.parse(readFileSync(new URL('examples/package.json', root), 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    expect(examples.devDependencies.nock).toMatch(/^\^14\./);
  });
});
