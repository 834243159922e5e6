import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { ExportFormat } from 'pos-sdk';
import type { CliContext } from '../context/createContext';
import { parseVenuePeriod } from '../input/parseVenuePeriod';
import {
  createExportProgress,
  type ExportProgress,
  formatBytes,
  NO_PROGRESS,
} from '../output/ExportProgress';

/** Options of `pos orders export`. */
export interface OrdersExportOptions {
  readonly from: string;
  readonly to: string;
  /** csv (default) or json; `--json` alone means json. */
  readonly format?: ExportFormat;
  /** Write to this file instead of stdout. */
  readonly out?: string;
}

/** Counts the bytes going through into the progress. */
function counting(progress: ExportProgress, total: { bytes: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total.bytes += chunk.length;
      progress.advance(chunk.length);
      done(null, chunk);
    },
  });
}

/**
 * `pos orders export --from DATE --to DATE`: the orders of those venue days for this store, streamed
 * from the server to stdout or to `--out FILE` (written to FILE.part, renamed when complete), with a
 * progress bar on stderr when stderr is a terminal.
 */
export async function ordersExport(ctx: CliContext, options: OrdersExportOptions): Promise<void> {
  const pos = ctx.signedIn();
  const period = parseVenuePeriod(options, ctx.timeZone, pos.config.clock());
  const format: ExportFormat = options.format ?? (ctx.json ? 'json' : 'csv');
  const report = await pos.orders.export({ from: period.from, to: period.to, format });
  const progress =
    ctx.io.isStderrTTY && !ctx.json ? createExportProgress(ctx.io.stderr, 'Exporting orders') : NO_PROGRESS;
  const total = { bytes: 0 };
  const body = Readable.fromWeb(report.body as WebReadableStream<Uint8Array>);
  try {
    if (options.out === undefined) {
      // stdout stays open after the export: pipe without ending it.
      await pipeline(body, counting(progress, total), async function* (source) {
        for await (const chunk of source) {
          if (!ctx.io.stdout.write(chunk as Buffer)) {
            await new Promise((resolve) => (ctx.io.stdout as Writable).once('drain', resolve));
          }
        }
      });
    } else {
      const partial = `${options.out}.part`;
      try {
        await pipeline(body, counting(progress, total), createWriteStream(partial));
        await rename(partial, options.out);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    }
  } finally {
    progress.finish();
  }
  if (options.out !== undefined)
    ctx.note(`Exported ${formatBytes(total.bytes)} of ${format.toUpperCase()} to ${options.out}`);
}
