import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  BACK_OFFICE_MESSAGES,
  DISPLAY_MESSAGES,
  MAIL_MESSAGES,
  MESSAGES,
  ORDER_LIST_MESSAGES,
  ORDER_MESSAGES,
  REPORT_MESSAGES,
  SALE_MESSAGES,
  SCAN_MESSAGES,
  SERVER_MESSAGES,
  TICKET_MESSAGES,
} from '../messages';

const PACKAGES = fileURLToPath(new URL('../../../', import.meta.url));

/** Every source file of the product (no tests, no builds): .ts and .tsx under packages/<name>/src. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return ['node_modules', 'dist', '__tests__', 'e2e'].includes(entry.name) ? [] : sourceFiles(path);
    }
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const FILES = readdirSync(PACKAGES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((entry) => {
    try {
      return sourceFiles(join(PACKAGES, entry.name, 'src'));
    } catch {
      return [];
    }
  })
  // Code only: a comment may quote a message to document it.
  .map((path) => ({
    path: relative(PACKAGES, path),
    text: readFileSync(path, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/(^|[^:])\/\/[^\n]*/g, '$1'),
  }));

const MAPS = {
  MESSAGES,
  SERVER_MESSAGES,
  SALE_MESSAGES,
  ORDER_MESSAGES,
  REPORT_MESSAGES,
  TICKET_MESSAGES,
  SCAN_MESSAGES,
  BACK_OFFICE_MESSAGES,
  MAIL_MESSAGES,
  ORDER_LIST_MESSAGES,
  DISPLAY_MESSAGES,
};

/** Each fixed text of the message maps, with the map it belongs to. */
const TEXTS = Object.entries(MAPS).flatMap(([map, messages]) =>
  Object.entries(messages)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].length >= 12)
    .map(([key, text]) => [`${map}.${key}`, text] as const),
);

describe('every message text has one source module (in code; comments may quote it)', () => {
  it('reads the product source of every package', () => {
    expect(FILES.some((file) => file.path.startsWith('pos-server/src/'))).toBe(true);
    expect(FILES.some((file) => file.path.startsWith('pos-react/src/'))).toBe(true);
    expect(TEXTS.length).toBeGreaterThan(50);
  });

  it.each(TEXTS)('%s is written once, in pos-sdk/src/rules', (_name, text) => {
    const quoted = [`'${text}'`, `"${text}"`, `\`${text}\``];
    const holders = FILES.filter((file) => quoted.some((literal) => file.text.includes(literal))).map(
      (file) => file.path,
    );
    expect(holders).toHaveLength(1);
    expect(holders[0]).toMatch(/^pos-sdk\/src\/rules\//);
  });
});
