import { formatAmount } from '../money/formatRM';
import type { Sen } from '../money/Sen';
import { TERMINAL_ID_RULE_TEXT } from './terminalId';

/*
 * Texts only the server says: the spec names these rules but not their words. The spec's own texts are
 * `MESSAGES` (messages.ts). They live in the SDK beside those so that every text has one source module, the
 * server answers with them, and clients can recognise them.
 */

/** Sign-in, tokens, terminals, request shape and idempotency. */
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
    `Terminal ${terminal} is not registered. A manager pairs this device with it: pos terminal pair ${terminal}`,
  /** A malformed `X-Host-Name`: the terminal-id rule itself (the details name the header). */
  invalidHostId: TERMINAL_ID_RULE_TEXT,
  pairingCodeUnknown: 'Unknown pairing code: check it, or ask a manager for a new one (pos terminal pair ID)',
  /** Ten minutes: `PAIRING_CODE_MINUTES` (a test holds the two together). */
  pairingCodeExpired:
    'This pairing code has expired (a code works for 10 minutes): ask a manager for a new one',
  pairingCodeUsed: 'This pairing code has been used already: ask a manager for a new one',
  pairingNeedsCode: 'This server pairs devices with a code: ask a manager for one (pos terminal pair ID)',
  pairingLocked: (minutes: number) => `Too many wrong pairing codes. Try again in ${minutes} minute(s).`,
  terminalOfOtherStore: (terminal: string, store: string) =>
    `Terminal ${terminal} belongs to store ${store}: a terminal sells for one store (unregister it to move it)`,
  noRegisteredTerminal: (terminal: string) => `No registered terminal ${terminal}`,
  terminalHasOpenShift: (terminal: string) =>
    `Terminal ${terminal} has an open shift: end the shift before unregistering the terminal`,
  approverNotFound: 'Approver not found',
  noOpenShift: 'No open shift',
  shiftNotFound: 'Shift not found',
  unknownStore: (store: string) => `Unknown store ${store}`,
  notFound: 'Not found',
  serverError: 'Something went wrong on the server. Please try again.',
  changedMeanwhile: 'Someone else changed this at the same moment. Please try again.',
  bodyTooLarge: (limit: string) => `Request body is too large (the limit is ${limit})`,
  malformedJson: 'The request body is not valid JSON',
  clientError: (status: number) =>
    status === 413
      ? 'Request body is too large'
      : status === 415
        ? 'Unsupported content type'
        : `The request could not be read (HTTP ${status})`,
  unsupportedMediaType: 'Unsupported content type: send application/json',
  /** A path parameter (a ticket id in the address, say) longer than the router takes. */
  addressPartTooLong: (limit: number) => `A part of the address is longer than ${limit} characters`,
  /** An address with a malformed %-escape ('/v2/check_ticket_redeem/%zz'). */
  malformedAddress: 'The address is not valid: a %-escape in it is malformed',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request',
  invalidIdempotencyKey: 'Invalid Idempotency-Key header: use a UUID',
  idempotencyKeyFormat: 'must be 1 to 200 letters, digits, ".", "_", ":" or "-"',
  invalidRequest: 'Invalid request',
  /** The message of a 400 for one wrong field: 'Invalid email: must be a valid email address'. */
  invalidField: (field: string, message: string) => `Invalid ${field}: ${message}`,
  /** What follows the first wrong field when more are wrong: ' (and 2 more)'. */
  moreInvalidFields: (count: number) => ` (and ${count} more)`,
  invalidMember: 'Invalid member',
} as const;

/** Checkout and renewal. */
export const SALE_MESSAGES = {
  duplicateSku: (sku: string) => `${sku} is in the cart twice: send one line per item`,
  itemNotSold: (sku: string) => `${sku} is not sold any more: reload the catalogue`,
  itemChanged: (sku: string) => `${sku} has changed: reload the catalogue`,
  priceChanged: (sku: string) => `Price changed for ${sku}`,
  discountChanged: (sku: string) => `Discount changed for ${sku}`,
  discountNeedsApproval: 'Discount needs approval',
  approverNotAllowed: (name: string) =>
    `${name} cannot approve discounts: choose a manager or a staff member allowed to approve`,
  ownDiscountNotAllowed:
    'You cannot approve your own discount: choose a manager or a staff member allowed to approve',
  numItemsMismatch: (count: number) => `Number of items does not match the items: it is ${count}`,
  subtotalMismatch: (amount: Sen) => `Subtotal does not match the items: it is RM ${formatAmount(amount)}`,
  changeMismatch: (amount: Sen) => `Change does not match the payment: it is RM ${formatAmount(amount)}`,
  taxChanged: (sku: string, server: Sen, sent: Sen) =>
    `Tax changed for ${sku}: it is RM ${formatAmount(server)}, not RM ${formatAmount(sent)}`,
  taxMismatch: (server: Sen, sent: Sen) =>
    `Tax does not match the items: it is RM ${formatAmount(server)}, not RM ${formatAmount(sent)}`,
  memberRequired: "A membership needs the member's details: name, email, birth date and phone",
  renewalOneItem: 'A renewal has exactly one Membership Renewal item',
  renewalNotRenewal: (sku: string) => `${sku} is not a Membership Renewal`,
  renewalNoTender: 'A renewal is paid with at least one payment type',
  renewalTenderTwice: (type: string) => `${type} is given twice: enter one amount per payment type`,
  renewalNoDiscount: 'A renewal cannot be discounted',
  renewedMeanwhile: 'This membership was renewed at the same moment: try again',
  membershipCanceledMeanwhile: 'This membership was canceled or refunded at the same moment: try again',
  memberNotFound: (email: string) => `No member with the email ${email}`,
  visitDateOutOfWindow: (days: number) =>
    `The visit date must be from today up to ${days} days ahead (passes are sold for that window)`,
} as const;

/** The order calls. */
export const ORDER_MESSAGES = {
  orderNotFound: 'Order not found',
  invoiceNotFound: (invoiceId: string) => `Invoice ${invoiceId} not found`,
  cancelNotPaid: 'Only PAID orders can be canceled',
  renewedSince: 'This membership was renewed since: refund or cancel that renewal first',
  laterRenewal: 'This membership was renewed again since: refund or cancel the later renewal first',
  periodReversed: 'The period must end after it starts',
  invalidCursor: 'Invalid cursor: use the next_cursor of the previous page',
} as const;

/** The ticket calls. */
export const TICKET_MESSAGES = {
  ticketNotFound: 'Ticket not found',
  photoNotJpeg: 'The photo must be a JPEG image',
  photoTooLarge: 'The photo is larger than 2 MB',
  /** A photo handed to `registerFace` for a ticket that registers without one (a used non-shareable ticket). */
  photoNotTaken:
    'This ticket registers without a photo (it is not shareable and already used): register it without one',
  photoFieldName: 'Send the photo in the multipart field "file"',
  photoUploadTooManyParts: 'Too many parts in the upload: send only the photo, in the multipart field "file"',
  photoUploadMalformed:
    'The upload is not a well-formed multipart body: send the photo in the multipart field "file"',
  photoRequired:
    'A photo is required: only a non-shareable ticket that was already used can register without one',
  noPhoto: 'No photo registered for this ticket',
  redeemInProgress: 'The ticket is being redeemed elsewhere: try again',
  /** annul_ticket_redeem: no use of the ticket at that time. */
  entryNotFound: 'No entry of this ticket at that time',
  /** annul_ticket_redeem: the use was undone before. */
  entryAlreadyUndone: 'This entry was already undone',
  /** annul_ticket_redeem: another terminal (or kiosk) made the entry. */
  entryOtherTerminal: (terminal: string) =>
    `Only the terminal that let the member in (${terminal}) can undo this entry`,
  /** annul_ticket_redeem: past the venue's window. */
  entryUndoTooLate: (seconds: number) =>
    `This entry can no longer be undone: entries can be undone for ${seconds} seconds`,
  /** The answer's message of a successful annul_ticket_redeem. */
  entryUndone: 'Entry undone',
} as const;

/** The manager's reports (the sales summary). */
export const REPORT_MESSAGES = {
  /** A period whose last day (`to`) is before its first (`from`). */
  periodEndsBeforeStart: 'The period must not end before it starts: to is before from',
  periodTooLong: (days: number, maxDays: number) =>
    `The period is ${days} days: a summary covers at most ${maxDays} days`,
  /** A date the venue's time zone skipped (a day lost to a date-line change). */
  notAVenueDay: (date: string, timeZone: string) => `${date} is not a day in ${timeZone}`,
} as const;

/** The server's refusals of replays from a terminal that worked offline (docs/offline.md). */
export const SYNC_MESSAGES = {
  soldInFuture: 'must not be later than the server clock (check the terminal clock)',
  replayTooOld: (hours: number) =>
    `Made offline more than ${hours} hours ago: not booked; a manager checks it (pos sync conflicts)`,
  noShiftAtSaleTime: 'No shift was open on this terminal when the sale was made',
  ticketIdsNotReserved:
    'The ticket ids of this sale were not reserved for this terminal, or are used already',
  ticketIdsCount: (sku: string, quantity: number) => `${sku} needs ${quantity} ticket id(s), one per unit`,
  conflictNotFound: 'Sync conflict not found',
} as const;

/** What is wrong with one field of a request, where the contract gives no words of its own (`fieldIssueText`). */
export const FIELD_MESSAGES = {
  required: 'must be given',
  mustBeType: (expected: string) =>
    expected === 'number'
      ? 'must be a number'
      : expected === 'string'
        ? 'must be text'
        : expected === 'boolean'
          ? 'must be true or false'
          : expected === 'array'
            ? 'must be a list'
            : `must be ${/^[aeiou]/.test(expected) ? 'an' : 'a'} ${expected}`,
  atMost: (limit: string) => `must be at most ${limit}`,
  lessThan: (limit: string) => `must be less than ${limit}`,
  atLeast: (limit: string) => `must be at least ${limit}`,
  moreThan: (limit: string) => `must be more than ${limit}`,
  textAtMost: (limit: string) => `must be at most ${limit} characters`,
  textAtLeast: (limit: string) => `must be at least ${limit} characters`,
  notEmpty: 'must not be empty',
  itemsAtMost: (limit: string) =>
    limit === '1' ? 'must have at most 1 item' : `must have at most ${limit} items`,
  itemsAtLeast: (limit: string) =>
    limit === '1' ? 'must have at least 1 item' : `must have at least ${limit} items`,
  oneOf: (values: readonly string[]) =>
    values.length === 1 ? `must be ${values[0]}` : `must be one of ${values.join(', ')}`,
} as const;
