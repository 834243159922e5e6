import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/**
 * The allowed direction of imports inside pos-server's `src/`, lowest first: a file may import its own folder and
 * any place listed before its own, never one listed after it. docs/architecture.md explains each place.
 *
 * - Foundation: `db/` (the schema, migrations, dialect, prepared statements: no domain), the shared files at the top
 *   (`clock.ts`, `config.ts`, `heapGrowth.ts`), `http/` (serving the contract's endpoints: no domain).
 * - Domains, each one folder with its `routes.ts`, functions, statements and `__tests__/`; a domain imports another
 *   only through that domain's `index.ts`.
 * - Composition: `app.ts`, `server.ts`, `bin.ts`, `index.ts`, `cli/` and `demo/` put the domains together; they may
 *   import any domain (through its `index.ts`) and each other.
 */
export const IMPORT_ORDER: readonly string[] = [
  'db',
  'clock.ts',
  'config.ts',
  'heapGrowth.ts',
  'http',
  'audit',
  'auth',
  'venue',
  'tax',
  'staff',
  'catalogue',
  'stock',
  'terminals',
  'identity',
  'shifts',
  'members',
  'invoices',
  'outbox',
  'sync',
  'tickets',
  'orders',
  'offline',
  'export',
  'mail',
  'einvoice',
  'sales',
  'membership',
  'reports',
  'display',
];

/** The places that put the domains together: any of them may import any place, domains through their index. */
export const COMPOSITION: readonly string[] = ['app.ts', 'server.ts', 'bin.ts', 'index.ts', 'cli', 'demo'];

/** The places that know no domain: they import nothing from a domain, and a domain imports their files directly. */
export const FOUNDATION: readonly string[] = ['db', 'clock.ts', 'config.ts', 'heapGrowth.ts', 'http'];

/** The public entries of pos-sdk pos-server may import (never the root, which loads the SDK's services). */
export const SDK_ENTRIES: readonly string[] = [
  'pos-sdk/contract',
  'pos-sdk/money',
  'pos-sdk/rules',
  'pos-sdk/messages',
  'pos-sdk/receipt',
];

/** A source file: its path inside `src/` (with `/`) and its text. */
export interface SourceFile {
  path: string;
  text: string;
}

const SPECIFIER =
  /(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,]+?\s+from\s+)?'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

/** The place of a path inside `src/`: its first folder, or the file itself at the top. */
const placeOf = (path: string): string => path.split('/')[0] ?? path;

/**
 * The imports of `files` against the allowed direction: one line a wrong arrow, naming the file, the specifier and
 * why. Test files (`__tests__/`) are not checked: a test may reach inside the code it tests.
 *
 * @example
 * checkImports([{ path: 'db/x.ts', text: "import { sell } from '../sales';" }])
 * // ["db/x.ts imports '../sales': db may not import sales (listed after it)"]
 */
export function checkImports(files: readonly SourceFile[]): string[] {
  const problems: string[] = [];
  const rank = new Map(IMPORT_ORDER.map((place, index) => [place, index]));
  for (const file of files) {
    if (file.path.includes('__tests__/') || file.path.startsWith('db/migrations/')) continue;
    const from = placeOf(file.path);
    const composing = COMPOSITION.includes(from);
    if (!composing && !rank.has(from)) {
      problems.push(`${file.path} is in '${from}', a place the import order does not list`);
      continue;
    }
    for (const match of file.text.matchAll(SPECIFIER)) {
      const specifier = match[1] ?? match[2] ?? '';
      if (specifier === 'pos-sdk' || (specifier.startsWith('pos-sdk/') && !SDK_ENTRIES.includes(specifier))) {
        problems.push(
          `${file.path} imports '${specifier}': pos-server imports only ${SDK_ENTRIES.join(', ')}`,
        );
        continue;
      }
      if (!specifier.startsWith('.')) continue;
      const target = normalize(join(dirname(file.path), specifier));
      if (target.startsWith('..')) {
        problems.push(`${file.path} imports '${specifier}', outside src/`);
        continue;
      }
      const inside = target.split('/');
      // '../sales' is the folder's index.ts; './clock' the file at the top.
      const folder = IMPORT_ORDER.includes(target) || COMPOSITION.includes(target);
      const to = inside.length > 1 || folder ? (inside[0] ?? target) : `${target}.ts`;
      if (to === from) continue;
      const domain = !FOUNDATION.includes(to) && !COMPOSITION.includes(to);
      if (domain && inside.length > 1 && !(inside.length === 2 && inside[1] === 'index')) {
        problems.push(`${file.path} imports '${specifier}': another domain is imported through its index.ts`);
      }
      if (composing) continue;
      const toRank = rank.get(to);
      const fromRank = rank.get(from) ?? -1;
      if (toRank === undefined) {
        problems.push(`${file.path} imports '${specifier}': ${from} may not import ${to} (composition)`);
      } else if (toRank > fromRank) {
        problems.push(`${file.path} imports '${specifier}': ${from} may not import ${to} (listed after it)`);
      }
    }
  }
  return problems;
}

/** Every `.ts` file under `root` (a `src/` folder), as {@link SourceFile}s with paths inside it. */
export function readSources(root: string): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.ts')) {
        files.push({ path: relative(root, path).split('\\').join('/'), text: readFileSync(path, 'utf8') });
      }
    }
  };
  walk(root);
  return files;
}
