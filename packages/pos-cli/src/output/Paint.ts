/** ANSI styles for human output; every function returns the text unchanged when colour is off. */
export interface Paint {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
}

const style =
  (enabled: boolean, open: number, close: number) =>
  (text: string): string =>
    enabled ? `\u001b[${open}m${text}\u001b[${close}m` : text;

/**
 * The styles, on or off. Colour is on only for a terminal, without `--no-color`, `NO_COLOR`
 * or `--json` (decided by the context).
 */
export function createPaint(enabled: boolean): Paint {
  return {
    bold: style(enabled, 1, 22),
    dim: style(enabled, 2, 22),
    red: style(enabled, 31, 39),
    green: style(enabled, 32, 39),
    yellow: style(enabled, 33, 39),
  };
}
