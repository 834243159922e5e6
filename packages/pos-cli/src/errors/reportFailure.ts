import type { CliIo } from '../context/CliIo';
import { describeFailure } from './describeFailure';
import { exitCodeOf } from './exitCodeOf';
import type { ExitCode } from './exitCodes';

/**
 * The CLI's one error boundary: prints one line on stderr (`error: <message>`, no stack unless
 * `POS_DEBUG` is set) and returns the exit code.
 */
export function reportFailure(error: unknown, io: CliIo): ExitCode {
  io.stderr.write(`error: ${describeFailure(error)}\n`);
  if (io.env.POS_DEBUG && error instanceof Error && error.stack) io.stderr.write(`${error.stack}\n`);
  return exitCodeOf(error);
}
