import { createInterface } from 'node:readline';

/**
 * Asks for a secret on the terminal without echoing it (for `pos-server user add` without --password / --pin).
 * Only call it when stdin is a TTY.
 */
export function promptHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const output = rl as unknown as { _writeToOutput: (text: string) => void };
    let asked = false;
    output._writeToOutput = (text: string) => {
      // Show the question once, then nothing of what is typed.
      if (!asked) {
        process.stdout.write(text);
        asked = true;
      }
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}
