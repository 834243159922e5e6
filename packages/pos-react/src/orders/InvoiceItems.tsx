import type { CartItem } from 'pos-sdk/contract';
import { formatAmount, fromRinggit, negateSen } from 'pos-sdk/money';
import { discountNote, orderItemDiscount, orderItemGross } from 'pos-sdk/rules';
import { Fragment, useState } from 'react';
import { Icon } from '../components/Icon';
import { Table, Td, Th } from '../components/Table';
import { orderItemLabel } from './orderItemText';

/** Props of {@link InvoiceItems}. */
export interface InvoiceItemsProps {
  readonly items: readonly CartItem[];
  /** A ticket tag was chosen: open the ticket. */
  readonly onOpenTicket: (ticketId: string) => void;
}

/**
 * The invoice's items (spec section 2): name with its discount note, unit price, quantity, amount
 * (unit price × quantity, with the discount under it, as the cart shows it).
 * An item with tickets expands to list their IDs as tags; a tag opens the ticket.
 */
export function InvoiceItems({ items, onOpenTicket }: InvoiceItemsProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const toggle = (index: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  return (
    <div className="overflow-x-auto rounded-xl ring-1 ring-slate-200 dark:ring-slate-700">
      <Table label="Items">
        <thead>
          <tr>
            <Th>Item</Th>
            <Th numeric>Unit Price</Th>
            <Th numeric>Qty</Th>
            <Th numeric>Amount</Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
          {items.map((item, index) => {
            const label = orderItemLabel(item);
            const tickets = item.ticket ?? [];
            const isOpen = expanded.has(index);
            const ticketsId = `invoice-item-${index}-tickets`;
            return (
              // Items of one order never change order, so the position is a stable key.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Fragment key={index}>
                <tr data-testid="invoice-item" data-sku={item.sku}>
                  <Td className="py-2.5">
                    <div className="flex items-start gap-1">
                      {tickets.length > 0 ? (
                        <button
                          type="button"
                          onClick={() => toggle(index)}
                          aria-expanded={isOpen}
                          aria-controls={ticketsId}
                          aria-label={`${isOpen ? 'Hide' : 'Show'} tickets of ${label}`}
                          className="-my-1.5 -ml-2 grid size-11 shrink-0 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
                        >
                          <Icon
                            name="chevronDown"
                            className={`size-5 transition ${isOpen ? '' : '-rotate-90'}`}
                          />
                        </button>
                      ) : null}
                      <div>
                        <p className="font-semibold">{label}</p>
                        {item.discount ? (
                          <p className="text-sm font-medium text-emerald-800 dark:text-emerald-300">
                            {discountNote(item.discount)}
                          </p>
                        ) : null}
                        {tickets.length > 0 ? (
                          // The count is a tap target too (the chevron beside it is the keyboard's).
                          <button
                            type="button"
                            tabIndex={-1}
                            onClick={() => toggle(index)}
                            aria-expanded={isOpen}
                            aria-controls={ticketsId}
                            data-testid="invoice-item-ticket-count"
                            className="-mx-1 min-h-8 rounded px-1 text-sm text-slate-600 underline decoration-dotted underline-offset-4 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100"
                          >
                            {tickets.length} {tickets.length === 1 ? 'ticket' : 'tickets'}
                          </button>
                        ) : null}
                      </div>
                    </div>
                  </Td>
                  <Td numeric className="py-2.5">
                    {formatAmount(fromRinggit(item.price.value))}
                  </Td>
                  <Td numeric className="py-2.5">
                    {item.quantity}
                    {(item.refunded_quantity ?? 0) > 0 ? (
                      <span
                        className="block text-sm font-medium text-amber-800 dark:text-amber-200"
                        data-testid="invoice-item-refunded"
                      >
                        {item.refunded_quantity} refunded
                      </span>
                    ) : null}
                  </Td>
                  <Td numeric className="py-2.5 font-semibold">
                    {formatAmount(orderItemGross(item))}
                    {item.discount ? (
                      <span className="block text-sm font-medium text-emerald-800 dark:text-emerald-300">
                        {formatAmount(negateSen(orderItemDiscount(item)))}
                      </span>
                    ) : null}
                  </Td>
                </tr>
                {tickets.length > 0 && isOpen ? (
                  <tr id={ticketsId} data-testid="invoice-item-tickets">
                    <td colSpan={4} className="bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
                      <ul aria-label={`Tickets of ${label}`} className="flex flex-wrap gap-2">
                        {tickets.map((ticketId) => (
                          <li key={ticketId}>
                            <button
                              type="button"
                              onClick={() => onOpenTicket(ticketId)}
                              data-testid="ticket-tag"
                              className="inline-flex min-h-11 items-center gap-1.5 rounded-full bg-white px-3 font-mono text-sm font-semibold text-brand-800 ring-1 ring-brand-600/40 hover:bg-brand-50 dark:bg-slate-900 dark:text-brand-100 dark:hover:bg-slate-700"
                            >
                              <Icon name="ticket" className="size-4" />
                              {ticketId}
                            </button>
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </Table>
    </div>
  );
}
