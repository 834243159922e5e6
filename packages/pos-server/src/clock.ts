/** The server's source of "now", injectable so tests can move time (token expiry, PIN lockout, "today"). */
export type Clock = () => Date;

/** The real clock. */
export const systemClock: Clock = () => new Date();
