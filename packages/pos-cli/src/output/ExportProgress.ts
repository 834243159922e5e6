/** Shows how much of an export has arrived, on one redrawn stderr line. */
export interface ExportProgress {
  /** Counts `bytes` more received. */
  advance(bytes: number): void;
  /** Clears the line. */
  finish(): void;
}

/** '12.3 kB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

const WIDTH = 20;
const REDRAW_MS = 80;

/**
 * A progress bar on a terminal's stderr. The export's length is not known in advance, so the bar
 * sweeps back and forth next to the bytes received; redrawn at most every 80 ms.
 */
export function createExportProgress(stderr: NodeJS.WritableStream, label: string): ExportProgress {
  let received = 0;
  let step = 0;
  let drawnAt = 0;
  const draw = (): void => {
    const position = step % (2 * WIDTH - 2);
    const at = position < WIDTH ? position : 2 * WIDTH - 2 - position;
    const bar = `${' '.repeat(at)}===${' '.repeat(Math.max(0, WIDTH - at - 1))}`.slice(0, WIDTH + 2);
    stderr.write(`\r${label} [${bar}] ${formatBytes(received)}\u001b[K`);
    step += 1;
  };
  return {
    advance: (bytes) => {
      received += bytes;
      const now = Date.now();
      if (now - drawnAt >= REDRAW_MS) {
        drawnAt = now;
        draw();
      }
    },
    finish: () => {
      stderr.write('\r\u001b[K');
    },
  };
}

/** A progress that shows nothing (stderr is not a terminal, or --json). */
export const NO_PROGRESS: ExportProgress = { advance: () => {}, finish: () => {} };
