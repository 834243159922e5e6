import type { MailStatus, Order } from 'pos-sdk/contract';
import { MAIL_MESSAGES, mailStatusLine } from 'pos-sdk/messages';
import { formatVenueDateTime, validateResendEmail } from 'pos-sdk/rules';
import { useState } from 'react';
import { Badge, type BadgeTone } from '../components/Badge';
import { Button } from '../components/Button';
import { PromptDialog } from '../components/PromptDialog';
import { usePos } from '../hooks/usePos';

const STATUS_TONE: Record<MailStatus, BadgeTone> = {
  queued: 'grey',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
};

const STATUS_LABEL: Record<MailStatus, string> = {
  queued: MAIL_MESSAGES.queued,
  sending: MAIL_MESSAGES.sending,
  sent: MAIL_MESSAGES.sent,
  failed: MAIL_MESSAGES.failed,
};

/**
 * The order's emails in the invoice modal, so staff see whether the customer got them: each message (receipt, passes, refund notice) with its status
 * as a labelled badge, the address and the last failure's reason, and "Email receipt", which asks for the address
 * (the order's email, or a corrected one, checked with the spec's email rule) and queues the receipt and passes
 * again (`orders.emailReceipt`).
 */
export function OrderEmail({ order }: { order: Order }) {
  const pos = usePos();
  const [asking, setAsking] = useState(false);
  const mail = order.mail ?? [];
  return (
    <section aria-labelledby="order-email-title" className="flex flex-col gap-3" data-testid="order-email">
      <div className="flex items-center justify-between gap-3">
        <h3
          id="order-email-title"
          className="text-sm font-bold uppercase tracking-wide text-slate-600 dark:text-slate-300"
        >
          {MAIL_MESSAGES.emailStatus}
        </h3>
        <Button icon="receipt" onClick={() => setAsking(true)} data-testid="email-receipt">
          {MAIL_MESSAGES.emailReceipt}
        </Button>
      </div>
      {mail.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{MAIL_MESSAGES.noEmail}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {mail.map((message) => (
            <li
              key={`${message.created_at}|${message.kind}|${message.to}`}
              data-testid="order-mail"
              data-kind={message.kind}
              data-status={message.status}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl bg-slate-50 px-3 py-2 dark:bg-slate-800/60"
            >
              <Badge tone={STATUS_TONE[message.status]}>{STATUS_LABEL[message.status]}</Badge>
              <span className="font-semibold capitalize">{message.kind}</span>
              <span className="min-w-0 break-words">
                {mailStatusLine(message.status, message.to, message.last_error)}
              </span>
              <span className="ml-auto text-sm text-slate-600 tabular-nums dark:text-slate-400">
                {formatVenueDateTime(message.sent_at ?? message.created_at, pos.config.timeZone)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <PromptDialog
        open={asking}
        onClose={() => setAsking(false)}
        title={MAIL_MESSAGES.emailReceipt}
        label={MAIL_MESSAGES.sendTo}
        type="email"
        initialValue={order.order_details.customer.email}
        validate={(text) => validateResendEmail(text, order.order_details.customer.email)}
        onConfirm={(to) => pos.orders.emailReceipt(order, to)}
        submitLabel="Send"
        testId="email-receipt-dialog"
      />
    </section>
  );
}
