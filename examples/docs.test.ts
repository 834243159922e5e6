import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url);
const doc = readFileSync(new URL('docs/sdk.md', root), 'utf8');

/** Each `<!-- example: path -->` marker of the doc with the ts block that follows it. */
function examplesOfDoc(): Map<string, string> {
  const examples = new Map<string, string>();
  for (const match of doc.matchAll(/<!-- example: (\S+) -->\n\n```ts\n([\s\S]*?)```/g)) {
    examples.set(match[1] ?? '', match[2] ?? '');
  }
  return examples;
}

describe('examples docs', () => {
  it("docs/sdk.md's code samples are the type-checked files under examples/docs, verbatim", () => {
    const examples = examplesOfDoc();
    expect(examples.size).toBeGreaterThan(0);
    for (const [path, code] of examples) {
      expect(code, path).toBe(readFileSync(new URL(path, root), 'utf8'));
    }
  });

  it('every file under examples/docs appears in docs/sdk.md', () => {
    const files = readdirSync(new URL('examples/docs/', root)).filter((name) => name.endsWith('.ts'));
    expect([...examplesOfDoc().keys()].sort()).toEqual(files.map((name) => `examples/docs/${name}`).sort());
  });
});
