import { ok, RULE_CODES, type RuleResult, refuse } from './result';

/**
 * A terminal's id (its host name, sent as `X-Host-Name`): 1 to 64 letters, digits, `.`, `_` or `-`, starting with a
 * letter or a digit. A leading `-` would read as an option on every command line that names the terminal
 * (`pos-server terminal add -x`), and a leading `.` or `_` as a hidden or internal name, so neither is a terminal.
 */
export const TERMINAL_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** The longest terminal id. */
export const TERMINAL_ID_MAX_LENGTH = 64;

/** What a terminal id must be, said once for the server, both command lines and the pairing screen. */
export const TERMINAL_ID_RULE_TEXT =
  'A terminal id is 1 to 64 letters, digits, ".", "_" or "-", and starts with a letter or a digit (e.g. TICKET02)';

/**
 * Checks a terminal id as typed (surrounding spaces are dropped; the case is kept).
 *
 * @example checkTerminalId(' TICKET02 ') // { ok: true, value: 'TICKET02' }
 * @example checkTerminalId('-cmd') // refused with TERMINAL_ID_RULE_TEXT
 */
export function checkTerminalId(text: string): RuleResult<string> {
  const id = text.trim();
  if (id === '') return refuse(RULE_CODES.required, 'Enter the terminal id (e.g. TICKET02)');
  if (!TERMINAL_ID_PATTERN.test(id)) return refuse(RULE_CODES.invalid_terminal_id, TERMINAL_ID_RULE_TEXT);
  return ok(id);
}

/** Is `text` a terminal id as it stands (no trimming)? For headers, where spaces are an error. */
export function isTerminalId(text: string): boolean {
  return TERMINAL_ID_PATTERN.test(text);
}

/** The characters of a pairing code: no 0/O, 1/I/L or 5/S, so a code read aloud or off a screen is typed right. */
export const PAIRING_CODE_ALPHABET = 'ABCDEFGHJKMNPQRTUVWXYZ2346789';

/** How many characters a pairing code has (shown as two groups of four: `K7QF-3MXR`). */
export const PAIRING_CODE_LENGTH = 8;

/** How long a pairing code can be used, in minutes. */
export const PAIRING_CODE_MINUTES = 10;

/**
 * A pairing code as typed, in its stored form: upper case, spaces and dashes dropped. Refused when it is not eight
 * characters of the code alphabet, with words that say what a code looks like.
 *
 * @example checkPairingCode('k7qf 3mxr') // { ok: true, value: 'K7QF3MXR' }
 */
export function checkPairingCode(text: string): RuleResult<string> {
  // Stryker disable next-line Regex: with the global flag, a run of spaces and dashes goes one by one or together alike
  const code = text.toUpperCase().replace(/[\s-]+/g, '');
  if (code === '') return refuse(RULE_CODES.required, 'Enter the pairing code a manager gave you');
  const valid =
    code.length === PAIRING_CODE_LENGTH && [...code].every((char) => PAIRING_CODE_ALPHABET.includes(char));
  if (!valid) {
    return refuse(
      RULE_CODES.invalid_pairing_code,
      'A pairing code is 8 letters and digits, e.g. K7QF-3MXR: check it, or ask a manager for a new one',
    );
  }
  return ok(code);
}

/** A stored pairing code as it is shown: `K7QF-3MXR`. */
export function formatPairingCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** A pairing code as a command line shows it (both `pos` and `pos-server`): what the manager reads out or shows. */
export function describePairingCode(made: {
  readonly terminal: string;
  readonly store: string;
  readonly code: string;
  readonly registered: boolean;
}): string {
  return [
    ...(made.registered ? [`Registered terminal ${made.terminal} for store ${made.store}.`] : []),
    `Pairing code for ${made.terminal} (store ${made.store}): ${made.code}`,
    `Enter it on the device's pairing screen (/pair) within ${PAIRING_CODE_MINUTES} minutes; it works once.`,
  ].join('\n');
}
