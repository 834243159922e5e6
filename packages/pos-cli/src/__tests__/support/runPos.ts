import { execFile } from 'node:child_process';
import { CLI_BIN } from './paths';

/** What a `pos` run left: its exit code and output. */
export interface PosRun {
  /** The exit code (null when killed, e.g. by the timeout). */
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** How long it took, ms. */
  readonly elapsedMs: number;
}

/** Options of {@link runPos}. */
export interface RunPosOptions {
  /** `POS_CONFIG_DIR`: where the session file lives. */
  readonly configDir: string;
  /** `POS_SERVER` (omit to test the flag or the saved login). */
  readonly server?: string;
  /** More environment variables. */
  readonly env?: Record<string, string>;
  /** Kill after this long (a hang fails the test); default 30 s. */
  readonly timeoutMs?: number;
  /** What standard input holds (default nothing; it is closed either way, so nothing can wait for more). */
  readonly stdin?: string;
}

/**
 * Runs the built `pos` binary as a child process, like a script would: no terminal (stdin closed,
 * stdout and stderr pipes) and a clean environment.
 */
export function runPos(args: readonly string[], options: RunPosOptions): Promise<PosRun> {
  const started = Date.now();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: options.configDir,
    POS_CONFIG_DIR: options.configDir,
    ...(options.server === undefined ? {} : { POS_SERVER: options.server }),
    ...options.env,
  };
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [CLI_BIN, ...args],
      { env, timeout: options.timeoutMs ?? 30_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
        resolve({ code, stdout, stderr, elapsedMs: Date.now() - started });
      },
    );
    child.stdin?.end(options.stdin ?? ''); // no terminal: a prompt would hang, so none may be asked
  });
}
