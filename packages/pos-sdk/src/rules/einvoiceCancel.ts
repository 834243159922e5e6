/**
 * MyInvois lets the issuer cancel a valid e-invoice for 72 hours after its validation
 * (https://sdk.myinvois.hasil.gov.my/einvoicingapi/03-cancel-document/).
 */
export const EINVOICE_CANCEL_WINDOW_MS = 72 * 3_600_000;

/** The last instant a document validated at `validatedAt` (ISO) may be cancelled. */
export const einvoiceCancelDeadline = (validatedAt: string): Date =>
  new Date(Date.parse(validatedAt) + EINVOICE_CANCEL_WINDOW_MS);

/** Whether MyInvois still lets a document validated at `validatedAt` (ISO) be cancelled at `now`. */
export const inEinvoiceCancelWindow = (validatedAt: string, now: Date): boolean =>
  now.getTime() <= einvoiceCancelDeadline(validatedAt).getTime();
