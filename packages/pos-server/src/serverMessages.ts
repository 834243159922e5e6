/**
 * Texts only the server says (the spec names the rule, not the words). The shared texts come from `MESSAGES`
 * of pos-sdk; these stay here until they move there.
 */
export const SERVER_MESSAGES = {
  incorrectPin: 'Incorrect PIN',
  pinLocked: (minutes: number) => `Too many wrong PINs for this approver. Try again in ${minutes} minute(s).`,
  signInLocked: (minutes: number) => `Too many failed sign-ins. Try again in ${minutes} minute(s).`,
  invalidCredentials: 'Invalid email or password',
  signInExpired: 'Sign-in expired or already used. Please sign in again.',
  forbidden: 'Not signed in or the session has expired',
  otherTerminal: (terminal: string) =>
    `This sign-in belongs to terminal ${terminal}: sign in again on this terminal`,
  unregisteredTerminal: (terminal: string) =>
    `Terminal ${terminal} is not registered. A manager registers it with: pos-server terminal add ${terminal}`,
  invalidHostId: 'Invalid terminal id (X-Host-Name): use 1 to 64 letters, digits, ".", "_" or "-"',
  terminalHasOpenShift: (terminal: string) =>
    `Terminal ${terminal} has an open shift: end the shift before unregistering the terminal`,
  approverNotFound: 'Approver not found',
  noOpenShift: 'No open shift',
  unknownStore: (store: string) => `Unknown store ${store}`,
  notFound: 'Not found',
  serverError: 'Something went wrong on the server. Please try again.',
  bodyTooLarge: (limit: string) => `Request body is too large (the limit is ${limit})`,
  malformedJson: 'The request body is not valid JSON',
  clientError: (status: number) =>
    status === 413
      ? 'Request body is too large'
      : status === 415
        ? 'Unsupported content type'
        : `The request could not be read (HTTP ${status})`,
  unsupportedMediaType: 'Unsupported content type: send application/json',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request',
  invalidIdempotencyKey: 'Invalid Idempotency-Key header: use a UUID',
  idempotencyKeyFormat: 'must be 1 to 200 letters, digits, ".", "_", ":" or "-"',
} as const;
