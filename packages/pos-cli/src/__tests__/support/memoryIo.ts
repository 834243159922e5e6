import { Writable } from 'node:stream';
import type { CliIo } from '../../context/CliIo';
import type { Prompts } from '../../prompts/Prompts';

/** A stream that keeps what is written. */
export class TextSink extends Writable {
  text = '';

  override _write(
    chunk: Buffer | string,
    _encoding: BufferEncoding,
    done: (error?: Error | null) => void,
  ): void {
    this.text += chunk.toString();
    done();
  }
}

/** An in-process terminal for `main`: captured stdout/stderr, an environment and scripted prompts. */
export function memoryIo(
  env: Record<string, string>,
  prompts?: Prompts,
  stdin = '',
): CliIo & { stdout: TextSink; stderr: TextSink } {
  return {
    readStdin: async () => stdin,
    stdout: new TextSink(),
    stderr: new TextSink(),
    env,
    isInteractive: prompts !== undefined,
    isStdoutTTY: false,
    isStderrTTY: false,
    ...(prompts === undefined ? {} : { prompts }),
  };
}
