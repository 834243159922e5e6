import type { CatalogRow } from 'pos-sdk/contract';
import { describe, expect, it } from 'vitest';
import { CATALOG_CSV_COLUMNS, formatCatalogFile, parseCatalogFile, readCsvRecords } from '../catalogFile';

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
    entries_per_day: 1,
    duration: { value: 1, unit: 'Day' },
    active: true,
    tax_code: null,
  },
  {
    type: 'PASS',
    sku: 'MEMBER-1M',
    product: 'Membership',
    category: 'Membership',
    group: 'Adult',
    price: 120,
    min_qty: 1,
    usage_limit: 0,
    entries_per_day: 2,
    duration: { value: 1, unit: 'Month' },
    active: true,
    tax_code: null,
  },
  {
    type: 'MERCHANDISE',
    sku: 'CHALK-S',
    product: 'Chalk, "fine"',
    size: 'S',
    price: 12.5,
    barcode: '9555000000024',
    active: false,
    tax_code: null,
  },
];

describe('catalogue file', () => {
  it('writes CSV with the header, prices in ringgit with 2 decimals, and quotes only where needed', () => {
    expect(formatCatalogFile('csv', ROWS)).toBe(
      `${HEADER}\nPASS,DAY-ADULT,Day Pass,Day Pass,Adult,,49.00,1,1,1,Day,,true,1,\nPASS,MEMBER-1M,Membership,Membership,Adult,,120.00,1,0,1,Month,,true,2,\nMERCHANDISE,CHALK-S,"Chalk, ""fine""",,,S,12.50,,,,,9555000000024,false,,\n`,
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

  it('reads a header with only the required columns: a column left out is empty, spaces around a type are no matter', () => {
    expect(parseCatalogFile('csv', 'type,sku,product,size,price\n merchandise ,X-2,Y,M,10\n')).toEqual({
      ok: true,
      rows: [
        {
          line: 2,
          row: {
            type: 'MERCHANDISE',
            sku: 'X-2',
            product: 'Y',
            size: 'M',
            price: 10,
            barcode: null,
            active: true,
            tax_code: null,
          },
        },
      ],
    });
    expect(parseCatalogFile('csv', 'type,sku,product,price\nMERCHANDISE,X-3,Y,10\n')).toEqual({
      ok: false,
      issues: [{ line: 2, message: 'size must not be empty' }],
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

  it('reads CR, LF and CRLF line ends, a byte-order mark, and a line of only an empty quoted cell', () => {
    expect(readCsvRecords('\uFEFFa,b\rc\r\nd\n\ne')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['c'] },
      { line: 3, cells: ['d'] },
      { line: 5, cells: ['e'] },
    ]);
    expect(readCsvRecords('\na\n""\n,')).toEqual([
      { line: 2, cells: ['a'] },
      { line: 3, cells: [''] },
      { line: 4, cells: ['', ''] },
    ]);
  });

  it('reads active as true/yes/1 or false/no/0 in any case, and whole numbers with spaces', () => {
    const row = (active: string, minQty = '1') =>
      `PASS,P-${active.trim() || 'x'},P,Day Pass,Adult,,5,${minQty},1,1,Day,,${active}`;
    for (const [text, active] of [
      ['yes', true],
      ['1', true],
      [' TRUE ', true],
      ['no', false],
      ['0', false],
      ['False', false],
    ] as const) {
      const read = parseCatalogFile('csv', `${HEADER}\n${row(text)}`);
      expect(read.ok && read.rows[0]?.row.active, text).toBe(active);
    }
    const spaced = parseCatalogFile('csv', `${HEADER}\n${row('', ' 12 ')}`);
    expect(spaced.ok && spaced.rows[0]?.row).toMatchObject({ type: 'PASS', min_qty: 12 });
  });

  it('reads entries_per_day, 1 when the cell is empty or the column missing (a file from before it), 1 to 99', () => {
    const member = (cell: string) => `${HEADER}\nPASS,M-1,M,Membership,Adult,,5,1,0,1,Month,,true,${cell}`;
    const three = parseCatalogFile('csv', member('3'));
    expect(three.ok && three.rows[0]?.row).toMatchObject({ usage_limit: 0, entries_per_day: 3 });
    const empty = parseCatalogFile('csv', member(''));
    expect(empty.ok && empty.rows[0]?.row).toMatchObject({ entries_per_day: 1 });
    const before = `${HEADER.replace(',entries_per_day', '')}\nPASS,M-1,M,Membership,Adult,,5,1,0,1,Month,,true`;
    const old = parseCatalogFile('csv', before);
    expect(old.ok && old.rows[0]?.row).toMatchObject({ entries_per_day: 1 });
    expect(parseCatalogFile('csv', member('1.5'))).toEqual({
      ok: false,
      issues: [{ line: 2, message: 'entries_per_day must be a whole number' }],
    });
    expect(parseCatalogFile('csv', member('0'))).toEqual({
      ok: false,
      issues: [{ line: 2, message: 'entries_per_day must be at least 1' }],
    });
    expect(parseCatalogFile('csv', member('100'))).toEqual({
      ok: false,
      issues: [{ line: 2, message: 'entries_per_day must be at most 99' }],
    });
  });

  it("names the number that is not whole: 'min_qty must be a whole number'", () => {
    const pass = (numbers: string) => `${HEADER}\nPASS,P-1,P,Day Pass,Adult,,5,${numbers},Day,,true`;
    for (const [numbers, message] of [
      ['1x,1,1', 'min_qty must be a whole number'],
      ['x1,1,1', 'min_qty must be a whole number'],
      ['1,1.5,1', 'usage_limit must be a whole number'],
      ['1,1,1234567', 'duration_value must be a whole number'],
    ] as const) {
      expect(parseCatalogFile('csv', pass(numbers)), numbers).toEqual({
        ok: false,
        issues: [{ line: 2, message }],
      });
    }
  });

  it('takes the type with spaces, a short row, and an empty barcode as none', () => {
    const read = parseCatalogFile(
      'csv',
      `${HEADER}\n merchandise ,M-1,Socks,,,S,5,,,,, 955 ,\nMERCHANDISE,M-2,Chalk,,,S,3`,
    );
    expect(read).toEqual({
      ok: true,
      rows: [
        {
          line: 2,
          row: {
            type: 'MERCHANDISE',
            sku: 'M-1',
            product: 'Socks',
            size: 'S',
            price: 5,
            barcode: '955',
            active: true,
            tax_code: null,
          },
        },
        {
          line: 3,
          row: {
            type: 'MERCHANDISE',
            sku: 'M-2',
            product: 'Chalk',
            size: 'S',
            price: 3,
            barcode: null,
            active: true,
            tax_code: null,
          },
        },
      ],
    });
  });

  it('reads a header in any letter case; a missing column is an empty cell', () => {
    const read = parseCatalogFile('csv', ' Type ,SKU,Product,PRICE,Size\nMERCHANDISE,M-1,Socks,5,S');
    expect(read).toMatchObject({
      ok: true,
      rows: [{ line: 2, row: { sku: 'M-1', size: 'S', barcode: null } }],
    });
    const noSize = parseCatalogFile('csv', 'type,sku,product,price\nMERCHANDISE,M-1,Socks,5');
    expect(noSize).toMatchObject({
      ok: false,
      issues: [{ line: 2, message: expect.stringMatching(/^size /) }],
    });
    const noGroup = parseCatalogFile(
      'csv',
      'type,sku,product,price,min_qty,usage_limit,duration_value,duration_unit\nPASS,P-1,P,5,1,1,1,Day',
    );
    expect(noGroup).toMatchObject({
      ok: false,
      issues: [{ line: 2, message: expect.stringMatching(/^category /) }],
    });
    const withCategory = parseCatalogFile(
      'csv',
      'type,sku,product,category,price,min_qty,usage_limit,duration_value,duration_unit\nPASS,P-1,P,Day Pass,5,1,1,1,Day',
    );
    expect(withCategory).toMatchObject({
      ok: false,
      issues: [{ line: 2, message: expect.stringMatching(/^group /) }],
    });
  });

  it('refuses a header without the required columns, saying which columns it must name', () => {
    expect(parseCatalogFile('csv', 'type,sku,product\nPASS,P-1,P')).toEqual({
      ok: false,
      issues: [{ line: 1, message: `The header must name the columns ${HEADER}` }],
    });
  });

  it("refuses an empty file, and JSON null: 'The file has no catalogue rows'", () => {
    expect(parseCatalogFile('csv', '')).toEqual({
      ok: false,
      issues: [{ line: 1, message: 'The file has no catalogue rows' }],
    });
    expect(parseCatalogFile('json', 'null')).toEqual({
      ok: false,
      issues: [{ line: 1, message: 'The file must be a JSON array of catalogue rows' }],
    });
    expect(parseCatalogFile('json', JSON.stringify({ items: ROWS }))).toMatchObject({ ok: true });
  });

  it('names a JSON row that is not an object without a field name', () => {
    const read = parseCatalogFile('json', '[1]');
    expect(read.ok).toBe(false);
    expect(!read.ok && read.issues[0]?.message).toMatch(/^[A-Z]/);
  });
});
