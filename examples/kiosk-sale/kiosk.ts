import type { Pos } from 'pos-sdk';
import { formatAmount } from 'pos-sdk/money';

/** What a customer picks on the kiosk's screen. */
export interface KioskOrder {
  /** The pass or merchandise SKU, e.g. `DAY-ADULT`. */
  readonly sku: string;
  readonly quantity: number;
  /** Where the passes are emailed. */
  readonly email: string;
}

/** How a kiosk sale ended: the invoice and ticket ids to show, or the message to show instead. */
export type KioskResult =
  | { readonly ok: true; readonly invoice: string; readonly tickets: string[]; readonly total: number }
  | { readonly ok: false; readonly message: string };

/** Gets the kiosk ready for the day: the terminal's shift is open and the catalogue is loaded. */
export async function openKiosk(pos: Pos): Promise<void> {
  await pos.shift.start();
  await pos.catalog.load();
}

/**
 * A self-service sale: the customer's pick goes in the cart and is paid in full by card. When the sale fails the
 * cart is kept, so "Try again" sends the same sale (with the same idempotency key: it cannot be charged twice).
 */
export async function buyAtKiosk(pos: Pos, order: KioskOrder): Promise<KioskResult> {
  if (pos.cart.isEmpty.value) await pos.cart.add(order.sku, order.quantity);
  pos.checkout.setTender('CREDIT CARD', formatAmount(pos.cart.subtotal.value));
  try {
    const receipt = await pos.checkout.submit({ email: order.email });
    return {
      ok: true,
      invoice: receipt.order.invoice?._id ?? '',
      tickets: receipt.tickets.map((ticket) => ticket._id),
      total: receipt.order.total_amount,
    };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
