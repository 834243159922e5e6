import { CommanderError } from 'commander';
import { ConfigError } from './config';
import { buildProgram } from './program';

/** Runs `pos-shell` with the process's arguments; stops the running shell on Ctrl+C and SIGTERM. */
async function main(): Promise<void> {
  const program = buildProgram({
    out: process.stdout,
    err: process.stderr,
    env: process.env,
    onRunning: (stop) => {
      let stopping = false;
      const onSignal = () => {
        if (stopping) return;
        stopping = true;
        void stop().then(() => process.exit(0));
      };
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
    },
  });
  try {
    await program.parseAsync(process.argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode;
      return;
    }
    process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = error instanceof ConfigError ? 2 : 1;
  }
}

void main();
