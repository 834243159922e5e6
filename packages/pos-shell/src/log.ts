import { appendFileSync } from 'node:fs';

/** The shell's log: one line in words per event, with the local time, on the terminal and in the log file. */
export type ShellLog = (line: string) => void;

/** `2026-11-29 08:15:02`, the local time of the till. */
export function logTime(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}:${pad(date.getSeconds())}`;
}

/**
 * A log that writes each line to `out` (the terminal) and, when given, appends it to `file` (kept across restarts;
 * a file that cannot be written is said once on the terminal, and the shell goes on).
 */
export function createLog(
  out: { write(text: string): unknown },
  file?: string,
  now: () => Date = () => new Date(),
): ShellLog {
  let fileBroken = false;
  return (line) => {
    const text = `${logTime(now())} ${line}\n`;
    out.write(text);
    if (file === undefined || fileBroken) return;
    try {
      appendFileSync(file, text);
    } catch (error) {
      fileBroken = true;
      out.write(
        `${logTime(now())} Cannot write the log file ${file} (${(error as NodeJS.ErrnoException).code})\n`,
      );
    }
  };
}
