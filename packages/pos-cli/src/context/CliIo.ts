import type { Prompts } from '../prompts/Prompts';

/**
 * Everything the CLI touches of its process, injected so tests can run `main` in-process:
 * the output streams, the environment, whether there is a terminal to ask on, and (tests only)
 * the prompts to ask with.
 */
export interface CliIo {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  /** The environment variables (POS_SERVER, POS_CONFIG_DIR, NO_COLOR...). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Can the CLI ask questions? True only when stdin and stdout are both terminals. */
  readonly isInteractive: boolean;
  /** Is stdout a terminal (colours)? */
  readonly isStdoutTTY: boolean;
  /** Is stderr a terminal (progress bar)? */
  readonly isStderrTTY: boolean;
  /** The prompts to use instead of @inquirer/prompts (tests). */
  readonly prompts?: Prompts;
  /** Reads all of standard input (`--password-stdin`, `import -`). */
  readStdin(): Promise<string>;
}

/** All of the process's standard input, as UTF-8 text. */
async function readProcessStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** The real process: its streams, `process.env`, and a terminal when stdin and stdout are TTYs. */
export function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    isInteractive: process.stdin.isTTY === true && process.stdout.isTTY === true,
    isStdoutTTY: process.stdout.isTTY === true,
    isStderrTTY: process.stderr.isTTY === true,
    readStdin: readProcessStdin,
  };
}
