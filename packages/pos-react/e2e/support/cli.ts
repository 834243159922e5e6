import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './server';

const CLI_BIN = join(REPO_ROOT, 'packages/pos-cli/bin/pos.js');

/** What a `pos` run printed and how it ended. */
export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs the built `pos` command as a manager's script would (no terminal, no input), against `server` with its
 * settings in `configDir`.
 */
export function runPos(server: string, configDir: string, ...args: string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [CLI_BIN, ...args],
      {
        env: { PATH: process.env.PATH ?? '', POS_CONFIG_DIR: configDir, POS_SERVER: server },
        timeout: 30_000,
      },
      (error, stdout, stderr) =>
        resolve({
          code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1,
          stdout,
          stderr,
        }),
    );
    child.stdin?.end();
  });
}
