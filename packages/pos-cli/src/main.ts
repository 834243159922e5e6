import { CommanderError } from 'commander';
import { type CliIo, processIo } from './context/CliIo';
import { EXIT_CODES, type ExitCode } from './errors/exitCodes';
import { createProgram } from './program';

/**
 * Runs `pos` with `argv` (without node and the script) and returns the exit code. The one error
 * boundary: commander's usage errors (already printed by commander) are 2, `--help` and
 * `--version` 0; anything a command throws is reported in one line by `reportFailure`.
 */
export async function main(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const program = createProgram(io);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return EXIT_CODES.ok;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT_CODES.ok : EXIT_CODES.usage;
    const { reportFailure } = await import('./errors/reportFailure');
    return reportFailure(error, io);
  }
}

/** The process entry: runs {@link main} on the real process and exits with its code. */
export async function runMain(): Promise<void> {
  // `pos orders list | head`: the reader went away; stop quietly rather than crash on EPIPE.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(process.exitCode ?? EXIT_CODES.ok);
      throw error;
    });
  }
  const code = await main(process.argv.slice(2), processIo());
  process.exitCode = code;
  // Nothing should keep the process alive; if something does (a socket), do not hang a script.
  setTimeout(() => process.exit(code), 2000).unref();
}
