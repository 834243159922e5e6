/**
 * The texts of the customer-facing display (`/display`) paired by code, of the till's 'Customer display' dialog, and
 * the server's answers to a display's claim.
 */
export const DISPLAY_MESSAGES = {
  /** The menu item and the dialog's title on the till. */
  menuItem: 'Customer display',
  /** The form of a display with no till of its own device. */
  pairTitle: 'Pair with a till',
  /** The form's hint. */
  pairHint: 'On the till: Menu > Customer display shows a 6-digit code',
  /** The form's field. */
  codeLabel: 'Code from the till',
  /** The form's field, empty. */
  codeRequired: 'Enter the code the till shows',
  /** The form's field, not six digits. */
  codeFormat: 'The code is the 6 digits the till shows, e.g. 482 913',
  /** The form's button. */
  pairButton: 'Pair',
  /** What a display shows once its till unpaired it (or its pairing is unknown to the server). */
  notPaired: 'Not paired',
  /** The till's dialog while a tablet follows the sale. */
  tabletPaired: 'A tablet is paired and shows the sale',
  /** The till's dialog while the paired tablet's stream is closed (off, asleep, reconnecting). */
  tabletAway: 'A tablet is paired but not connected now',
  /** The till's dialog with no tablet paired. */
  noTablet: 'No tablet is paired',
  /** The till's dialog: how to pair. */
  enterCode: 'Open /display on the tablet and enter this code',
  /** The till's button that ends the pairing. */
  unpair: 'Unpair',
  /** The till's toast after unpairing. */
  unpaired: 'The tablet is no longer paired',
  /** 404 to a claim with a code no till shows. */
  codeUnknown: 'No till shows this code: check the code on the till',
  /** 409 to a claim with a code past its time. */
  codeExpired: 'This code has expired: show a new one on the till',
  /** 409 to a claim with a code already claimed. */
  codeUsed: 'This code was used already: show a new one on the till',
  /** 400 to an event stream asked for without a display token. */
  tokenMissing: 'A display token is needed: pair this display with a till',
  /** 429 after too many wrong codes from one address (or from all together). */
  tooManyCodes: (minutes: number) =>
    `Too many wrong codes: try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
  /** The code expires: shown under it on the till. */
  codeExpiresAt: (time: string) => `Valid until ${time}, for one tablet`,
} as const;
