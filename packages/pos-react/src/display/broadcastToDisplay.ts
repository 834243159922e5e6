import { effect } from '@preact/signals-core';
import type { Pos } from 'pos-sdk';
import { isPositive, sumSen, toRinggit } from 'pos-sdk/money';
import { discountNote, lineAmount } from 'pos-sdk/rules';
import { lineLabel } from '../sales/cartLineText';
import { DISPLAY_CHANNEL, type DisplayMessage } from './displayMessage';
import { tillDisplayOf } from './tillDisplay';

/** The sale now, for the customer: lines, total, the tenders entered so far, the change and the tax. */
function saleMessage(pos: Pos): DisplayMessage {
  const items = pos.cart.items.value;
  if (items.length === 0) return { kind: 'idle' };
  const tenders = Object.entries(pos.checkout.tenders.value)
    .filter(([, amount]) => isPositive(amount))
    .map(([method, amount]) => ({ method, amount: toRinggit(amount) }));
  const paid = sumSen(Object.values(pos.checkout.tenders.value));
  const tax = pos.cart.tax.value;
  const subtotal = pos.cart.subtotal.value;
  return {
    kind: 'sale',
    lines: items.map((item) => ({
      sku: item.sku,
      name: lineLabel(item),
      quantity: item.quantity,
      unit_price: toRinggit(item.price),
      amount: toRinggit(lineAmount(item)),
      // The note without the approver: the customer sees the discount, not who approved it.
      discount: item.discount ? discountNote({ type: item.discount.type, value: item.discount.value }) : null,
    })),
    total: toRinggit(pos.cart.amountToPay.value),
    tenders,
    change: isPositive(paid) ? toRinggit(pos.checkout.change.value) : null,
    // As the till's TOTAL panel says it: 'Includes tax', or 'Subtotal' and 'Tax' when it is added on top.
    ...(tax.byCode.length > 0
      ? {
          tax: {
            subtotal: toRinggit(subtotal),
            amount: toRinggit(tax.total),
            included: tax.amountToPay === subtotal,
          },
        }
      : {}),
  };
}

/**
 * Sends the till's sale to its customer display, on every change, and the thank-you with the receipt's tickets after
 * a checkout: over a BroadcastChannel to `/display` in another window of the same device (a display that opens later
 * asks, `hello`, and gets the sale as it is), and through the server to a tablet paired by code while one is paired
 * and a staff member is signed in (`tillDisplayOf`: bursts coalesced, failures never reach the sale). Loaded after
 * the page has loaded, not with /main.
 * @returns a function that stops it.
 */
export function broadcastToDisplay(pos: Pos): () => void {
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(DISPLAY_CHANNEL);
  const tablet = tillDisplayOf(pos);
  let last: DisplayMessage = { kind: 'idle' };
  let receiptSeen = pos.checkout.lastReceipt.peek();
  const send = (message: DisplayMessage) => {
    last = message;
    channel?.postMessage(message);
    if (pos.session.isSignedIn.peek()) tablet.publish(message);
  };
  // Whether a tablet is paired is asked once signed in (the dialog asks again while it is open).
  const stopAsking = effect(() => {
    if (pos.session.isSignedIn.value) tablet.refresh().catch(() => undefined);
  });
  const stop = effect(() => {
    const receipt = pos.checkout.lastReceipt.value;
    const sale = saleMessage(pos);
    if (receipt !== null && receipt !== receiptSeen) {
      receiptSeen = receipt;
      send({
        kind: 'thanks',
        total: receipt.order.total_amount,
        change: receipt.order.payment.change,
        tickets: receipt.tickets.map((ticket) => ticket._id),
      });
      return;
    }
    // The thank-you stays until the next sale starts.
    if (last.kind === 'thanks' && sale.kind === 'idle') return;
    send(sale);
  });
  if (channel !== null) {
    channel.onmessage = (event: MessageEvent) => {
      if (event.data === 'hello') channel.postMessage(last);
    };
  }
  return () => {
    stop();
    stopAsking();
    tablet.dispose();
    channel?.close();
  };
}
