import type { MailStatus, OutboxMail } from 'pos-sdk/contract';
import { formatVenueDateTime } from 'pos-sdk/rules';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/Button';
import { EmailText } from '../../components/EmailText';
import { SegmentedControl } from '../../components/SegmentedControl';
import { usePos } from '../../hooks/usePos';
import { formFailure } from '../adminForm';
import { Banner, DataTable } from '../parts';
import { usePagedList } from '../usePagedList';

type Shown = MailStatus | 'all';

const STATUS_LABELS: Record<Shown, string> = {
  failed: 'Failed',
  queued: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  all: 'All',
};

const KIND_LABELS: Record<string, string> = {
  receipt: 'Receipt',
  passes: 'Passes',
  renewal: 'Renewal',
  refund: 'Refund slip',
};

/**
 * The mail outbox: the messages the server sends (receipts, passes, renewals, refund slips), newest first, failed
 * ones first shown (given up after their retries, with the mail server's last answer). Resend mails the order's
 * receipt again with resend_receipt, to the same address (or a corrected one from the order in Orders).
 */
export function OutboxScreen() {
  const pos = usePos();
  const timeZone = pos.config.timeZone;
  const [search, setSearch] = useSearchParams();
  const asked = search.get('status') ?? 'failed';
  const shown: Shown = Object.hasOwn(STATUS_LABELS, asked) ? (asked as Shown) : 'failed';
  const [resent, setResent] = useState<Readonly<Record<string, string>>>({});
  const request = (cursor?: string) =>
    pos.api
      .mailOutbox({
        ...(shown === 'all' ? {} : { status: shown }),
        limit: 50,
        ...(cursor === undefined ? {} : { cursor }),
      })
      .then((answer) => ({ items: answer.mails, next: answer.next_cursor }));
  const { items: mails, next, failure, loading, more } = usePagedList(request, shown);
  const resend = async (mail: OutboxMail) => {
    const invoice = mail.order.invoice;
    if (invoice === null) return;
    setResent((current) => ({ ...current, [mail._id]: 'Sending…' }));
    try {
      await pos.api.resendReceipt({ invoice_id: invoice, to: mail.to });
      setResent((current) => ({ ...current, [mail._id]: `Queued again for ${mail.to}` }));
    } catch (error) {
      setResent((current) => ({ ...current, [mail._id]: formFailure(error).message || 'Not sent' }));
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <h1 className="mr-auto text-2xl font-bold">Mail outbox</h1>
        <SegmentedControl<Shown>
          label="Messages"
          value={shown}
          onChange={(value) => setSearch(value === 'failed' ? {} : { status: value }, { replace: true })}
          options={(Object.keys(STATUS_LABELS) as Shown[]).map((value) => ({
            value,
            label: STATUS_LABELS[value],
          }))}
        />
      </div>
      <Banner tone="error">{failure}</Banner>
      <DataTable
        label="Mail outbox"
        heads={['Queued', 'Message', 'To', 'Invoice', 'Status', 'Tries', 'Last answer', '']}
        small
        footer={
          mails.length === 0 && !loading && !failure ? (
            <p className="p-6 text-center text-slate-600 dark:text-slate-400">
              {shown === 'failed' ? 'No failed mail: every message went out or is on its way' : 'No messages'}
            </p>
          ) : null
        }
      >
        {mails.map((mail) => (
          <tr
            key={mail._id}
            data-testid="outbox-row"
            data-status={mail.status}
            className="border-b border-slate-100 align-top dark:border-slate-800"
          >
            <td className="px-3 py-2 whitespace-nowrap tabular-nums">
              {formatVenueDateTime(mail.created_at, timeZone)}
            </td>
            <td className="px-3 py-2">{KIND_LABELS[mail.kind] ?? mail.kind}</td>
            <td className="px-3 py-2">
              <EmailText email={mail.to} />
            </td>
            <td className="px-3 py-2">{mail.order.invoice ?? '—'}</td>
            <td
              className={`px-3 py-2 ${mail.status === 'failed' ? 'font-semibold text-red-800 dark:text-red-300' : ''}`}
            >
              {mail.status === 'failed' ? '⚠ Failed' : (STATUS_LABELS[mail.status] ?? mail.status)}
              {mail.sent_at ? `, ${formatVenueDateTime(mail.sent_at, timeZone)}` : ''}
            </td>
            <td className="px-3 py-2 tabular-nums">{mail.attempts}</td>
            <td className="px-3 py-2 break-all text-slate-700 dark:text-slate-300">
              {mail.last_error ?? ''}
            </td>
            <td className="px-3 py-2">
              {mail.order.invoice !== null && mail.status !== 'sent' ? (
                resent[mail._id] ? (
                  <span role="status">{resent[mail._id]}</span>
                ) : (
                  <Button size="md" variant="outline" onClick={() => void resend(mail)}>
                    Resend
                  </Button>
                )
              ) : null}
            </td>
          </tr>
        ))}
      </DataTable>
      {next !== null ? (
        <Button variant="outline" onClick={more} loading={loading} className="self-center">
          Show more
        </Button>
      ) : null}
    </div>
  );
}
