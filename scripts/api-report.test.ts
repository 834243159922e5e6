import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const ETC = new URL('../packages/pos-sdk/etc/', import.meta.url);

/** The exported names of each entry, read from its checked-in report (scripts/api-report.mjs writes them). */
function reportedNames(): Map<string, Set<string>> {
  const entries = new Map<string, Set<string>>();
  for (const file of readdirSync(ETC).filter((name) => name.endsWith('.api.md'))) {
    const text = readFileSync(new URL(file, ETC), 'utf8');
    const entry = /^## API Report File for "([^"]+)"/.exec(text)?.[1] ?? file;
    const names = [
      ...text.matchAll(/^\/\/ \S+.*\n(?:async )?(?:function|const|let|type|interface|class|enum) (\w+)/gm),
    ];
    entries.set(entry, new Set(names.map((match) => match[1] ?? '')));
  }
  return entries;
}

describe('the public surface of pos-sdk (packages/pos-sdk/etc)', () => {
  const entries = reportedNames();
  const root = entries.get('pos-sdk') ?? new Set<string>();

  it('has a report per entry, the root with createPos', () => {
    expect([...entries.keys()]).toEqual(
      expect.arrayContaining(['pos-sdk', 'pos-sdk/contract', 'pos-sdk/rules']),
    );
    expect(root.has('createPos')).toBe(true);
  });

  it('the root re-exports nothing another entry owns', () => {
    for (const [entry, names] of entries) {
      if (entry === 'pos-sdk') continue;
      expect(
        [...names].filter((name) => root.has(name)),
        entry,
      ).toEqual([]);
    }
  });

  it('lists no UI copy at the root, and no server or CLI helper, rule plumbing or HTTP internal anywhere', () => {
    for (const copy of ['MESSAGES', 'addedToCart', 'MAIL_MESSAGES', 'SERVER_MESSAGES', 'SCAN_MESSAGES']) {
      expect(root.has(copy), copy).toBe(false);
    }
    const internal = [
      'receiptSubject',
      'passesSubject',
      'parseCatalogFile',
      'formatCatalogFile',
      'readCsvRecords',
      'ok',
      'ignored',
      'refuse',
      'errorFromAnswer',
      'resolveApiConfig',
    ];
    const renamed = ['setTender', 'applyDiscount', 'removeDiscount', 'setQuantity', 'canRefund', 'addToCart'];
    for (const [entry, names] of entries) {
      expect(
        [...internal, ...renamed].filter((name) => names.has(name)),
        entry,
      ).toEqual([]);
    }
  });
});
