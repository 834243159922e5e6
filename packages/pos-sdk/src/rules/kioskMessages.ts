/**
 * The texts of the self check-in kiosk (`/kiosk`) and the server's answers to a kiosk. A refusal at the kiosk is the
 * gate's own message (`checkRedeem`, the server's 409), not a text of its own.
 */
export const KIOSK_MESSAGES = {
  /** 403 `not_permitted` to a kiosk's token on any call but checking passes in. */
  kioskOnly: 'A kiosk can only check passes in',
  /** The kiosk's idle prompt. */
  prompt: 'Show the QR code of your pass, or type its ID',
  /** A successful check-in, with the member's (or guest's) first name. */
  welcome: (firstName: string) => (firstName === '' ? 'Welcome' : `Welcome, ${firstName}`),
  /** kiosk/exit with the PIN of someone who is not a manager. */
  exitManagerOnly: 'Only a manager can end kiosk mode',
  /** The toast after kiosk mode ended. */
  exited: 'Kiosk mode ended',
  /** The toast after kiosk mode started. */
  enabled: 'Kiosk mode started',
} as const;
