/**
 * The exit codes of `pos` (documented in docs/cli.md):
 * 0 ok; 1 the operation failed (refused by a rule or the server); 2 usage or invalid input;
 * 3 not signed in, or the token was rejected (403); 4 the server is unreachable;
 * 130 a question was interrupted (Ctrl+C).
 */
export const EXIT_CODES = {
  ok: 0,
  failed: 1,
  usage: 2,
  auth: 3,
  unreachable: 4,
  interrupted: 130,
} as const;

/** One of {@link EXIT_CODES}. */
export type ExitCode = (typeof EXIT_CODES)[keyof typeof EXIT_CODES];
