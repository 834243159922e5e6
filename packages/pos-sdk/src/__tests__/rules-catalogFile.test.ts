import { describe, expect, it } from 'vitest';
import type { CatalogRow } from '../contract';
import {
  CATALOG_CSV_COLUMNS,
  formatCatalogFile,
  parseCatalogFile,
  readCsvRecords,
} from '../rules/catalogFile';

const HEADER = CATALOG_CSV_COLUMNS.join(',');

const ROWS: CatalogRow[] = [
  {
    type: 'PASS',
    sku: 'DAY-ADULT',
    product: 'Day Pass',
    category: 'Day Pass',
    group: 'Adult',
    price: 49,
    min_qty: 1,
    usage_limit: 1,
    duration: { value: 1, unit: 'Day' },
    active: true,
  },
  {
    type: 'MERCHANDISE',
    sku: 'CHALK-S',
    product: 'Chalk, "fine"',
    size: 'S',
    price: 12.5,
    barcode: '9555000000024',
    active: false,
  },
];

describe('catalogue file', () => {
  it('writes CSV with the header, prices in ringgit with 2 decimals, and quotes only where needed', () => {
    expect(formatCatalogFile('csv', ROWS)).toBe(
      `${HEADER}\nPASS,DAY-ADULT,Day Pass,Day Pass,Adult,,49.00,1,1,1,Day,,true\nMERCHANDISE,CHALK-S,"Chalk, ""fine""",,,S,12.50,,,,,9555000000024,false\n`,
    );
  });

  it('reads back what it writes, in CSV and in JSON', () => {
    for (const format of ['csv', 'json'] as const) {
      const read = parseCatalogFile(format, formatCatalogFile(format, ROWS));
      expect(read).toEqual({
        ok: true,
        rows: ROWS.map((row, index) => ({ line: format === 'csv' ? index + 2 : index + 1, row })),
      });
    }
  });

  it('takes an empty active as true, any letter case for type, CRLF line ends and a byte-order mark', () => {
    const read = parseCatalogFile('csv', `\uFEFF${HEADER}\r\npass,X-1,X,X,Adult,,5,1,1,1,Day,,\r\n`);
    expect(read.ok && read.rows[0]?.row).toMatchObject({ type: 'PASS', sku: 'X-1', active: true, price: 5 });
  });

  it('names every bad row by its line, and refuses the whole file', () => {
    const text = [
      HEADER,
      'PASS,OK-1,Ok,Day Pass,Adult,,10,1,1,1,Day,,true',
      'PASS,BAD-PRICE,Bad,Day Pass,Adult,,1.234,1,1,1,Day,,true',
      'GIFT,BAD-TYPE,Bad,,,,1,,,,,,true',
      'PASS,BAD-UNIT,Bad,Day Pass,Adult,,1,1,1,1,Fortnight,,true',
      'PASS,BAD-QTY,Bad,Day Pass,Adult,,1,0,1,1,Day,,true',
      'PASS,OK-1,Twice,Day Pass,Adult,,10,1,1,1,Day,,true',
      'MERCHANDISE,BAD-ACTIVE,Bad,,,S,1,,,,,,maybe',
      'MERCHANDISE,,No sku,,,S,1,,,,,,true',
    ].join('\n');
    const read = parseCatalogFile('csv', text);
    expect(read).toEqual({
      ok: false,
      issues: [
        { line: 3, message: 'price must be an amount in ringgit with at most 2 decimals, e.g. 49.00' },
        { line: 4, message: 'type must be PASS or MERCHANDISE' },
        { line: 5, message: 'duration.unit must be one of Day, Week, Month, Year' },
        { line: 6, message: 'min_qty must be at least 1' },
        { line: 7, message: 'SKU OK-1 is also on line 2' },
        { line: 8, message: 'active must be true or false' },
        { line: 9, message: 'sku must be 1 to 40 letters, digits, ".", "_" or "-"' },
      ],
    });
  });

  it('refuses a file without the header, an empty file, and JSON that is not a list', () => {
    expect(parseCatalogFile('csv', 'a,b\n1,2')).toMatchObject({ ok: false, issues: [{ line: 1 }] });
    expect(parseCatalogFile('csv', `${HEADER}\n`)).toEqual({
      ok: false,
      issues: [{ line: 1, message: 'The file has no catalogue rows' }],
    });
    expect(parseCatalogFile('json', '{"a":1}')).toEqual({
      ok: false,
      issues: [{ line: 1, message: 'The file must be a JSON array of catalogue rows' }],
    });
    expect(parseCatalogFile('json', '[{')).toEqual({
      ok: false,
      issues: [{ line: 1, message: 'The file is not valid JSON' }],
    });
    expect(parseCatalogFile('json', JSON.stringify([{ ...ROWS[0], price: -1 }]))).toEqual({
      ok: false,
      issues: [{ line: 1, message: 'price must not be negative' }],
    });
  });

  it('counts lines inside quoted cells, so a later row is named by the line it starts on', () => {
    expect(readCsvRecords('a,b\n"x\ny",z\nlast,row').map((record) => record.line)).toEqual([1, 2, 4]);
    expect(readCsvRecords('a\n\n\nb').map((record) => record.cells)).toEqual([['a'], ['b']]);
  });
});
