#!/usr/bin/env node
// What an integrator pays for an import of pos-sdk: small entry files bundled with esbuild (bundle, minify, browser,
// ESM) against the BUILT package (packages/pos-sdk/dist through its `exports`, as an installed tarball resolves),
// measured minified and gzipped, each against its budget.
//   npm run build && npm run size       prints a markdown table; exits 1 naming every budget exceeded
//   node scripts/sdk-size.mjs --json    the measurements as JSON
// The root entry is also checked not to reach the ESC/POS encoder or the transliteration table (`pos-sdk/escpos`).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const KB = 1024;

/**
 * The measured imports. `budget` is in gzip bytes (null: reported only). `external` leaves modules out of the
 * bundle, so a part can be measured apart from the table it loads.
 */
export const ENTRIES = [
  {
    name: '`formatRM` from `pos-sdk/money`',
    code: `import { formatRM } from 'pos-sdk/money';\nconsole.log(formatRM(1234));`,
    budget: 2 * KB,
  },
  {
    name: 'checkout schemas from `pos-sdk/contract`',
    code: [
      `import { CheckoutRequestSchema, ReceiptSchema } from 'pos-sdk/contract';`,
      `const body = CheckoutRequestSchema.safeParse(globalThis.body);`,
      `console.log(body.success, ReceiptSchema.safeParse(globalThis.answer).success);`,
    ].join('\n'),
    budget: 25 * KB,
  },
  {
    name: '`createPos` with the services from `pos-sdk`',
    code: [
      `import { createPos } from 'pos-sdk';`,
      `const pos = createPos(globalThis.config);`,
      `console.log(pos.sale, pos.shift, pos.orders);`,
    ].join('\n'),
    budget: 60 * KB,
  },
  {
    name: 'ESC/POS encoder from `pos-sdk/escpos` (without its text table)',
    code: [
      `import { encodeEscPosReceipt, printableDocument } from 'pos-sdk/escpos';`,
      `console.log(encodeEscPosReceipt('x'), printableDocument);`,
    ].join('\n'),
    external: ['any-ascii'],
    budget: 15 * KB,
  },
  {
    name: 'its text table (`any-ascii`, transliteration)',
    code: `import anyAscii from 'any-ascii';\nconsole.log(anyAscii('x'));`,
    budget: null,
  },
  {
    name: 'everything from `pos-sdk` (the root entry whole)',
    code: `import * as sdk from 'pos-sdk';\nconsole.log(sdk);`,
    budget: null,
    // The root must not reach these: they are `pos-sdk/escpos`'s (the encoder, its code pages and its text table).
    forbidden: ['any-ascii', '@point-of-sale/'],
  },
];

/** Bundles one entry and measures it; `inputs` are the files the bundle holds. */
export async function measure(entry) {
  const result = await build({
    stdin: { contents: entry.code, resolveDir: ROOT, sourcefile: 'entry.js', loader: 'js' },
    bundle: true,
    minify: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
    // Not the repository's tsconfig.json: its `paths` point pos-sdk at the sources, and an integrator has dist.
    tsconfigRaw: {},
    external: entry.external ?? [],
  });
  const bytes = result.outputFiles[0].contents;
  return {
    name: entry.name,
    minified: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    budget: entry.budget,
    inputs: Object.keys(result.metafile.inputs),
  };
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

/** The markdown table of the measurements. */
export function table(rows) {
  const lines = [
    '| Import | Minified | Gzip | Budget (gzip) |',
    '| --- | ---: | ---: | ---: |',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${kb(row.minified)} | ${kb(row.gzip)} | ${row.budget === null ? '-' : `<= ${kb(row.budget)}`} |`,
    ),
  ];
  return lines.join('\n');
}

async function main() {
  if (!existsSync(join(ROOT, 'packages/pos-sdk/dist/index.js'))) {
    console.error('packages/pos-sdk/dist is not built: run `npm run build` first.');
    process.exit(1);
  }
  const rows = [];
  const failures = [];
  for (const entry of ENTRIES) {
    let row;
    try {
      row = await measure(entry);
    } catch (error) {
      failures.push(`${entry.name} does not bundle: ${error.errors?.[0]?.text ?? error.message}`);
      continue;
    }
    rows.push(row);
    if (row.budget !== null && row.gzip > row.budget) {
      failures.push(`${entry.name}: ${kb(row.gzip)} gzip is over its budget of ${kb(row.budget)}`);
    }
    for (const part of entry.forbidden ?? []) {
      const reached = row.inputs.filter((input) => input.includes(part));
      if (reached.length > 0) failures.push(`${entry.name} reaches ${part} (${reached[0]})`);
    }
  }
  if (process.argv.includes('--json'))
    console.log(JSON.stringify(rows, (key, value) => (key === 'inputs' ? undefined : value), 2));
  else console.log(table(rows));
  if (failures.length > 0) {
    console.error(`\nSDK size budgets exceeded:\n${failures.map((failure) => `- ${failure}`).join('\n')}`);
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
