import type { Pos } from 'pos-sdk';
import { formatRM } from 'pos-sdk/money';
import { discountNote, itemTitle, lineAmount } from 'pos-sdk/rules';
import type { CliContext } from '../context/createContext';
import { renderTable } from './renderTable';

/**
 * The cart as the sales and payment screens show it: item (with its discount note), unit price,
 * quantity, amount; then TOTAL and, once something is tendered, Change or Short (red).
 */
export function renderCart(ctx: CliContext, pos: Pos): string {
  const rows = pos.cart.items.value.map((line) => [
    `${itemTitle(line)}${line.discount ? `\n  ${discountNote(line.discount)}` : ''}`,
    formatRM(line.price),
    String(line.quantity),
    formatRM(lineAmount(line)),
  ]);
  const lines = [
    renderTable(['ITEM', 'UNIT PRICE', 'QTY', 'AMOUNT'], rows, {
      color: ctx.color,
      align: ['left', 'right', 'right', 'right'],
    }),
    ctx.paint.bold(`TOTAL ${formatRM(pos.cart.subtotal.value)}`),
  ];
  const { checkout } = pos;
  if (checkout.paid.value > 0) {
    lines.push(
      checkout.isShort.value
        ? ctx.paint.red(`Short ${formatRM(checkout.shortBy.value)}`)
        : `Change ${formatRM(checkout.change.value)}`,
    );
  }
  return lines.join('\n');
}
