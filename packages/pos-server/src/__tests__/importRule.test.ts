import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkImports, IMPORT_ORDER, readSources } from './support/importRule';

const SRC = fileURLToPath(new URL('../', import.meta.url));

describe('the import direction of pos-server (docs/architecture.md)', () => {
  it('holds for every source file: no arrow against the order, other domains through their index, the SDK through its entries', () => {
    const files = readSources(SRC);
    expect(files.length).toBeGreaterThan(100);
    expect(checkImports(files)).toEqual([]);
  });

  it('lists every folder of src/ that holds code', () => {
    const places = new Set(
      readSources(SRC)
        .map((file) => file.path.split('/'))
        .filter((parts) => parts.length > 1 && parts[0] !== '__tests__')
        .map((parts) => parts[0]),
    );
    const listed = new Set([...IMPORT_ORDER, 'cli', 'demo']);
    expect([...places].filter((place) => !listed.has(place ?? ''))).toEqual([]);
  });

  it('refuses an arrow against the order, naming the file and both places', () => {
    expect(
      checkImports([{ path: 'orders/refundOrder.ts', text: "import { sell } from '../sales';" }]),
    ).toEqual(["orders/refundOrder.ts imports '../sales': orders may not import sales (listed after it)"]);
    expect(
      checkImports([{ path: 'db/advisoryLock.ts', text: "import type { Actor } from '../audit';" }]),
    ).toEqual(["db/advisoryLock.ts imports '../audit': db may not import audit (listed after it)"]);
    expect(
      checkImports([{ path: 'http/serveEndpoint.ts', text: "import { signedIn } from '../auth';" }]),
    ).toEqual(["http/serveEndpoint.ts imports '../auth': http may not import auth (listed after it)"]);
  });

  it('refuses a reach into another domain past its index.ts, and allows its own files and the foundation', () => {
    expect(
      checkImports([
        {
          path: 'sales/checkout.ts',
          text: [
            "import { ordersFromParts } from '../orders/ordersToWire';",
            "import { orderRows } from './writeOrder';",
            "import type { Db } from '../db/Database';",
            "import { HttpProblem } from '../http/HttpProblem';",
            "import { staffNames } from '../staff';",
          ].join('\n'),
        },
      ]),
    ).toEqual([
      "sales/checkout.ts imports '../orders/ordersToWire': another domain is imported through its index.ts",
    ]);
  });

  it('refuses the SDK root and deep SDK paths, and a file in a place the order does not list', () => {
    expect(
      checkImports([
        {
          path: 'tickets/redeemTicket.ts',
          text: "import { formatRM } from 'pos-sdk';\nimport { MESSAGES } from 'pos-sdk/rules';",
        },
        { path: 'analytics/daily.ts', text: '' },
      ]),
    ).toEqual([
      "tickets/redeemTicket.ts imports 'pos-sdk': pos-server imports only pos-sdk/contract, pos-sdk/money, pos-sdk/rules, pos-sdk/messages, pos-sdk/receipt",
      "analytics/daily.ts is in 'analytics', a place the import order does not list",
    ]);
  });

  it('lets the composition import any domain through its index, but not reach inside one', () => {
    expect(
      checkImports([
        {
          path: 'app.ts',
          text: "import { saleRoutes } from './sales';\nimport { cli } from './cli/runCli';",
        },
        { path: 'cli/runCli.ts', text: "import { addStaff } from '../staff/addStaff';" },
      ]),
    ).toEqual(["cli/runCli.ts imports '../staff/addStaff': another domain is imported through its index.ts"]);
  });
});
