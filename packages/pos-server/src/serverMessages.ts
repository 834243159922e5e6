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
  approverNotFound: 'Approver not found',
  noOpenShift: 'No open shift',
  unknownStore: (store: string) => `Unknown store ${store}`,
  notFound: 'Not found',
  serverError: 'Something went wrong on the server. Please try again.',
  bodyTooLarge: (limit: string) => `Request body is too large (the limit is ${limit})`,
  malformedJson: 'The request body is not valid JSON',
  unsupportedMediaType: 'Unsupported content type: send application/json',
} as const;
