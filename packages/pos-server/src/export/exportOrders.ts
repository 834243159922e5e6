import { Readable } from 'node:stream';
import { EXPORT_CSV_COLUMNS, type ExportFormat } from 'pos-sdk/contract';
import { venueDate } from 'pos-sdk/rules';
import type { Db } from '../db/Database';
import { whenDurable } from '../db/groupCommit';
import { ordersToWire } from '../orders';
import { csvRecord } from './csvCell';
import { exportTaxCodes, exportTaxColumns } from './exportTaxCodes';
import { orderCsvFormatter } from './orderCsvFormatter';
import { orderCsvPages } from './orderCsvPages';
import { orderPages } from './orderPages';

/**
 * How many pages (as encoded chunks) the export reads ahead of the client: the stream stops asking the database
 * for more until the client has taken them, so a slow download of years of orders holds a few pages in memory (these
 * two, the page being formatted and the next one being read, see `keysetPages`).
 */
export const EXPORT_PAGES_AHEAD = 2;

/** The export of a period: what to send as headers, and the body as a stream. */
export interface OrderExport {
  contentType: string;
  /** `orders-<from>-<to>.csv` (or `.json`), the venue days of the period. */
  filename: string;
  body: Readable;
}

/**
 * Streams the orders of a period (export_order_report): CSV (header row of `EXPORT_CSV_COLUMNS`, then, when the
 * period's orders at any store have lines with a tax code, `tax_<code>` per code and `tax` (`exportTaxCodes`); one
 * record per order, `text/csv; charset=utf-8`) or JSON (an array of contract Orders, `application/json`), oldest first. Orders
 * are read and written a page at a time as the client reads, so memory use does not grow with the period: for CSV
 * one query a page of `orders` alone, whose rows carry copies of their invoice id, lines and tender sums that
 * triggers keep (migration 0015; `orderCsvPages`, formatted by `orderCsvFormatter`, the same text as `orderCsvRow` of each contract Order); for
 * JSON the contract Orders of each page (`orderPages`, `ordersToWire`).
 */
export function exportOrders(
  db: Db,
  options: {
    origin: string;
    from: Date;
    to: Date;
    format: ExportFormat;
    timeZone: string;
    /**
     * Orders per page (default: `EXPORT_CSV_PAGE_SIZE`, on PostgreSQL `EXPORT_CSV_PAGE_SIZE_POSTGRES`, for CSV;
     * `EXPORT_PAGE_SIZE` for JSON).
     */
    pageSize?: number;
  },
): OrderExport {
  const { timeZone } = options;
  // The period's last day: `to` is exclusive (a period to next midnight ends today).
  const lastDay = venueDate(new Date(Math.max(options.from.getTime(), options.to.getTime() - 1)), timeZone);
  const filename = `orders-${venueDate(options.from, timeZone)}-${lastDay}.${options.format}`;

  async function* csv(): AsyncGenerator<Buffer> {
    const taxCodes = await exportTaxCodes(db, options);
    yield Buffer.from(csvRecord([...EXPORT_CSV_COLUMNS, ...exportTaxColumns(taxCodes)]), 'utf8');
    const format = orderCsvFormatter(db, timeZone, taxCodes);
    for await (const rows of orderCsvPages(db, options)) {
      const page = await format(rows);
      await whenDurable(); // the page may hold rows of an open batch (db/groupCommit.ts): sent once they are on disk
      yield page;
    }
  }

  async function* json(): AsyncGenerator<Buffer> {
    yield Buffer.from('[', 'utf8');
    let isFirst = true;
    for await (const rows of orderPages(db, options)) {
      const orders = await ordersToWire(db, rows, { timeZone });
      const text = orders.map((order) => JSON.stringify(order)).join(',');
      await whenDurable(); // as for CSV
      yield Buffer.from(isFirst ? text : `,${text}`, 'utf8');
      isFirst = false;
    }
    yield Buffer.from(']', 'utf8');
  }

  return options.format === 'json'
    ? {
        contentType: 'application/json; charset=utf-8',
        filename,
        body: Readable.from(json(), { highWaterMark: EXPORT_PAGES_AHEAD }),
      }
    : {
        contentType: 'text/csv; charset=utf-8',
        filename,
        body: Readable.from(csv(), { highWaterMark: EXPORT_PAGES_AHEAD }),
      };
}
