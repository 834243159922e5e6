import { effect } from '@preact/signals-core';
import type { Pos } from 'pos-sdk';
import { formatRM, fromRinggit, isPositive, sumSen } from 'pos-sdk/money';
import { discountNote, lineAmount } from 'pos-sdk/rules';
import { lineLabel } from '../sales/cartLineText';
import { DISPLAY_CHANNEL, type DisplayMessage } from './displayMessage';

/** The sale now, for the customer: lines, total, the tenders entered so far and the change. */
function saleMessage(pos: Pos): DisplayMessage {
  const items = pos.cart.items.value;
  if (items.length === 0) return { kind: 'idle' };
  const tenders = Object.entries(pos.checkout.tenders.value)
    .filter(([, amount]) => isPositive(amount))
    .map(([method, amount]) => ({ method, amount: formatRM(amount) }));
  const paid = sumSen(Object.values(pos.checkout.tenders.value));
  return {
    kind: 'sale',
    lines: items.map((item) => ({
      sku: item.sku,
      name: lineLabel(item),
      quantity: item.quantity,
      unitPrice: formatRM(item.price),
      amount: formatRM(lineAmount(item)),
      // The note without the approver: the customer sees the discount, not who approved it.
      discount: item.discount ? discountNote({ type: item.discount.type, value: item.discount.value }) : null,
    })),
    total: formatRM(pos.cart.amountToPay.value),
    tenders,
    change: isPositive(paid) ? formatRM(pos.checkout.change.value) : null,
  };
}

/**
 * Sends the till's sale to its customer display (`/display` in another window of the same device) over a
 * BroadcastChannel, on every change, and the thank-you with the receipt's tickets after a checkout. A display that
 * opens later asks (`hello`) and gets the sale as it is. Loaded after the page has loaded, not with /main.
 * @returns a function that stops it.
 */
export function broadcastToDisplay(pos: Pos): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(DISPLAY_CHANNEL);
  let last: DisplayMessage = { kind: 'idle' };
  let receiptSeen = pos.checkout.lastReceipt.peek();
  const send = (message: DisplayMessage) => {
    last = message;
    channel.postMessage(message);
  };
  const stop = effect(() => {
    const receipt = pos.checkout.lastReceipt.value;
    const sale = saleMessage(pos);
    if (receipt !== null && receipt !== receiptSeen) {
      receiptSeen = receipt;
      send({
        kind: 'thanks',
        total: formatRM(fromRinggit(receipt.order.total_amount)),
        change: formatRM(fromRinggit(receipt.order.payment.change)),
        tickets: receipt.tickets.map((ticket) => ticket._id),
      });
      return;
    }
    // The thank-you stays until the next sale starts.
    if (last.kind === 'thanks' && sale.kind === 'idle') return;
    send(sale);
  });
  channel.onmessage = (event: MessageEvent) => {
    if (event.data === 'hello') channel.postMessage(last);
  };
  return () => {
    stop();
    channel.close();
  };
}
