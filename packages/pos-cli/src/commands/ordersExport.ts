import { type FileHandle, open, rename, rm, stat } from 'node:fs/promises';
import { Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { ExportFormat } from 'pos-sdk/contract';
import type { CliContext } from '../context/createContext';
import { UsageError } from '../errors/UsageError';
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

/** Why a file cannot be written, in words ('the folder does not exist'), from Node's error code. */
function cannotWrite(error: unknown): string {
  switch ((error as NodeJS.ErrnoException).code) {
    case 'ENOENT':
      return 'the folder does not exist';
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return 'no permission to write there';
    case 'EISDIR':
      return 'that is a folder';
    case 'ENOTDIR':
      return 'a part of the path is not a folder';
    default:
      return 'cannot be written';
  }
}

/** `--out FILE` opened: the export goes to `partial` (FILE.part), renamed to `out` when complete. */
interface OutFile {
  readonly out: string;
  readonly partial: string;
  readonly file: FileHandle;
}

/**
 * Opens `--out`'s FILE.part for writing before anything is asked of the server, so a wrong path is a usage error
 * (exit 2: '--out /nowhere/x.csv: the folder does not exist') and no export is run for nothing.
 */
async function openOut(out: string): Promise<OutFile> {
  const existing = await stat(out).catch(() => undefined);
  if (existing?.isDirectory()) throw new UsageError(`--out ${out}: that is a folder`);
  const partial = `${out}.part`;
  try {
    return { out, partial, file: await open(partial, 'w') };
  } catch (error) {
    throw new UsageError(`--out ${out}: ${cannotWrite(error)}`);
  }
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
  const target = options.out === undefined ? undefined : await openOut(options.out);
  let report: Awaited<ReturnType<typeof pos.orders.export>>;
  try {
    report = await pos.orders.export({ from: period.from, to: period.to, format });
  } catch (error) {
    if (target !== undefined) {
      await target.file.close();
      await rm(target.partial, { force: true });
    }
    throw error;
  }
  const progress =
    ctx.io.isStderrTTY && !ctx.json ? createExportProgress(ctx.io.stderr, 'Exporting orders') : NO_PROGRESS;
  const total = { bytes: 0 };
  const body = Readable.fromWeb(report.body as WebReadableStream<Uint8Array>);
  try {
    if (target === undefined) {
      // stdout stays open after the export: pipe without ending it.
      await pipeline(body, counting(progress, total), async function* (source) {
        for await (const chunk of source) {
          if (!ctx.io.stdout.write(chunk as Buffer)) {
            await new Promise((resolve) => (ctx.io.stdout as Writable).once('drain', resolve));
          }
        }
      });
    } else {
      try {
        await pipeline(body, counting(progress, total), target.file.createWriteStream());
        await rename(target.partial, target.out);
      } catch (error) {
        await rm(target.partial, { force: true });
        throw error;
      }
    }
  } finally {
    progress.finish();
  }
  if (options.out !== undefined)
    ctx.note(`Exported ${formatBytes(total.bytes)} of ${format.toUpperCase()} to ${options.out}`);
}
