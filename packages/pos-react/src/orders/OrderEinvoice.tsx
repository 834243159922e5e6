import type { EinvoiceDocument } from 'pos-sdk/contract';
import { useEffect, useState } from 'react';
import { EINVOICE_STATUS } from '../admin/einvoice/einvoiceView';
import { Badge } from '../components/Badge';
import { usePos } from '../hooks/usePos';

/**
 * Where an order's e-invoice stands, on its invoice: the consolidated e-invoice of its month that includes it, or
 * its own, each with its state and MyInvois's validation link once valid. Nothing shows while there is none, or when
 * it cannot be read (offline): the invoice works without it.
 */
export function OrderEinvoice({ orderId }: { orderId: string }) {
  const pos = usePos();
  const [documents, setDocuments] = useState<readonly EinvoiceDocument[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    setDocuments([]);
    pos.api.einvoiceOfOrder({ order_id: orderId }, { signal: controller.signal }).then(
      (answer) => {
        if (!controller.signal.aborted) setDocuments(answer);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [pos, orderId]);
  if (documents.length === 0) return null;
  return (
    <ul
      aria-label="E-invoice"
      data-testid="order-einvoice"
      className="flex flex-col gap-1 rounded-xl bg-slate-50 px-3 py-2 text-sm dark:bg-slate-800/60"
    >
      {documents.map((doc) => {
        const status = EINVOICE_STATUS[doc.status];
        return (
          <li key={doc.id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-semibold">
              {doc.month
                ? `E-invoice: in the consolidated e-invoice ${doc.number}`
                : `E-invoice ${doc.number}`}
            </span>
            <Badge tone={status.tone}>{status.label}</Badge>
            {doc.validation_link ? (
              <a
                href={doc.validation_link}
                aria-label={`Validation link of ${doc.number}`}
                target="_blank"
                rel="noreferrer"
                className="font-semibold text-brand-700 underline hover:text-brand-800 dark:text-brand-200"
              >
                Validation link
              </a>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
