/** The BroadcastChannel the till and its customer display share (same device, same origin). */
export const DISPLAY_CHANNEL = 'pos-customer-display';

/** One cart line as the customer sees it: texts only, already formatted on the till. */
export interface DisplayLine {
  /** The line's SKU (a cart has one line per SKU). */
  readonly sku: string;
  readonly name: string;
  readonly quantity: number;
  readonly unitPrice: string;
  readonly amount: string;
  /** The discount's note ('10% discount'), without who approved it. */
  readonly discount: string | null;
}

/**
 * What the till sends its customer display: the sale as it is (lines, total, tenders, change), a thank-you with
 * the receipt's ticket ids (shown as QR codes), or nothing to show. Only what the customer may see: no staff
 * names, PINs, approvers or other orders.
 */
export type DisplayMessage =
  | { readonly kind: 'idle' }
  | {
      readonly kind: 'sale';
      readonly lines: readonly DisplayLine[];
      readonly total: string;
      readonly tenders: readonly { readonly method: string; readonly amount: string }[];
      readonly change: string | null;
    }
  | {
      readonly kind: 'thanks';
      readonly total: string;
      readonly change: string;
      readonly tickets: readonly string[];
    };
