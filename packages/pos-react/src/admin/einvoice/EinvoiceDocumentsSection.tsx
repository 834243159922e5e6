import type { EinvoiceDocument } from 'pos-sdk/contract';
import { formatRM, fromRinggit } from 'pos-sdk/money';
import { einvoiceCancelDeadline, formatVenueDateTime } from 'pos-sdk/rules';
import { useCallback, useEffect, useState } from 'react';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { PosDialog } from '../../components/PosDialog';
import { TextField } from '../../components/TextField';
import { usePos } from '../../hooks/usePos';
import { formFailure, useSubmission } from '../adminForm';
import { Banner, DataTable } from '../parts';
import {
  cancellable,
  EINVOICE_STATUS,
  EINVOICE_TYPES,
  einvoiceErrorLines,
  inProgress,
  type PreviewSummary,
  previewSummary,
  retriable,
} from './einvoiceView';

/** How often the list is read again while a document is on its way (the server's sender works every 5 s). */
const FOLLOW_MS = 5_000;

const errorText = (error: unknown) => formFailure(error).message || 'The server refused it';

/**
 * A month's e-invoices: each with its number, type, state, total and tax, when it was submitted and validated,
 * MyInvois's UUID, long ID and validation link, and LHDN's errors when it is invalid or was rejected; Refresh status
 * (asks MyInvois now), Retry (failed, rejected or invalid), Cancel (valid, within 72 hours of its validation, with a
 * reason). "Preview month" builds the month's consolidated e-invoice without queuing it (a dry run), then "Submit
 * month" queues it; the server's refusal (the month is not over, no receipts, incomplete identity, MyInvois off)
 * shows in its words.
 */
export function EinvoiceDocumentsSection({
  month,
  onMonth,
}: {
  month: string;
  onMonth: (month: string) => void;
}) {
  const pos = usePos();
  const timeZone = pos.config.timeZone;
  const [documents, setDocuments] = useState<readonly EinvoiceDocument[] | null>(null);
  const [loadFailure, setLoadFailure] = useState('');
  // What an action did, about one document in one state: it goes once the list shows that document moved on.
  const [notice, setNotice] = useState<{ text: string; id: string; status: string } | null>(null);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [preview, setPreview] = useState<PreviewSummary | null>(null);
  const [cancelling, setCancelling] = useState<EinvoiceDocument | null>(null);

  const load = useCallback(
    (signal?: AbortSignal) =>
      pos.api.einvoiceList({ month }, signal ? { signal } : undefined).then(
        (list) => {
          setDocuments(list);
          setLoadFailure('');
        },
        (error: unknown) => {
          if (!signal?.aborted) setLoadFailure(errorText(error));
        },
      ),
    [pos, month],
  );
  useEffect(() => {
    const controller = new AbortController();
    setDocuments(null);
    setPreview(null);
    setNotice(null);
    setProblem('');
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);
  // A document on its way is followed: the list is read again until MyInvois has validated (or refused) it.
  const following = documents?.some(inProgress) ?? false;
  useEffect(() => {
    if (!following) return;
    // Aborted with the month: an answer about the month left behind never replaces the new one's list.
    const controller = new AbortController();
    const timer = setInterval(() => void load(controller.signal), FOLLOW_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [following, load]);

  /** Runs one action (its key marks the button busy); its answer replaces the document in the list. */
  const act = async (
    key: string,
    call: () => Promise<EinvoiceDocument | null>,
    done: (doc: EinvoiceDocument) => string,
  ) => {
    setBusy(key);
    setNotice(null);
    setProblem('');
    try {
      const answer = await call();
      if (answer !== null) {
        setNotice({ text: done(answer), id: answer.id, status: answer.status });
        await load();
      }
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(null);
    }
  };
  const dryRun = () => {
    setPreview(null);
    void act(
      'preview',
      async () => {
        const answer = await pos.api.einvoiceSubmit({ month, dry_run: true });
        const summary = previewSummary(answer.preview);
        setPreview(summary);
        if (summary === null) setProblem('The server answered no document to preview');
        return null;
      },
      () => '',
    );
  };
  const submit = () =>
    void act(
      'submit',
      async () => {
        const answer = await pos.api.einvoiceSubmit({ month });
        setPreview(null);
        return answer.document;
      },
      // Submitting a month again answers its one document, as it stands.
      (doc) =>
        doc.status === 'queued' && doc.attempts === 0
          ? `${doc.number} is queued: the server sends it to MyInvois`
          : `${doc.number} was submitted before: ${EINVOICE_STATUS[doc.status].label}`,
    );

  return (
    <section aria-labelledby="einvoice-documents-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <h2 id="einvoice-documents-heading" className="mr-auto text-xl font-bold">
          Documents
        </h2>
        <TextField
          label="Month"
          type="month"
          value={month}
          onChange={(event) => {
            if (/^\d{4}-\d{2}$/.test(event.target.value)) onMonth(event.target.value);
          }}
          className="w-48"
        />
        <Button variant="outline" onClick={dryRun} loading={busy === 'preview'}>
          Preview month
        </Button>
      </div>
      <p className="text-slate-700 dark:text-slate-300">
        The month's receipts go to MyInvois as one consolidated e-invoice, submitted after the month ends
        (LHDN: within 7 days). Preview it first; submitting it twice sends it once.
      </p>
      <Banner tone="done">
        {notice && documents?.find((doc) => doc.id === notice.id)?.status === notice.status
          ? notice.text
          : ''}
      </Banner>
      <Banner tone="error">{problem || loadFailure}</Banner>
      {preview ? (
        <PreviewPanel
          preview={preview}
          month={month}
          busy={busy === 'submit'}
          onSubmit={submit}
          onClose={() => setPreview(null)}
        />
      ) : null}
      <DataTable
        label={`E-invoices of ${month}`}
        heads={['Number', 'Type', 'State', 'Total', 'Tax', 'Submitted', 'Validated', 'MyInvois', '']}
        numeric={['Total', 'Tax']}
        small
        footer={
          documents && documents.length === 0 ? (
            <p className="p-6 text-center text-slate-600 dark:text-slate-400">No e-invoice for {month} yet</p>
          ) : null
        }
      >
        {(documents ?? []).map((doc) => {
          const errors = einvoiceErrorLines(doc.validation_errors);
          const status = EINVOICE_STATUS[doc.status];
          return (
            <DocumentRows key={doc.id} doc={doc} errors={errors}>
              <td className="px-3 py-2 font-mono whitespace-nowrap">{doc.number}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                {EINVOICE_TYPES[doc.type]}
                {doc.month ? (
                  <span className="block text-slate-600 dark:text-slate-400">Consolidated</span>
                ) : null}
              </td>
              <td className="px-3 py-2" data-testid="einvoice-state">
                <Badge tone={status.tone}>{status.label}</Badge>
                {doc.status === 'cancelled' && doc.cancelled_at ? (
                  <span className="block text-slate-600 dark:text-slate-400">
                    {formatVenueDateTime(doc.cancelled_at, timeZone)}
                  </span>
                ) : null}
                {doc.status === 'queued' && doc.attempts > 0 && doc.last_error ? (
                  <span className="block text-slate-600 dark:text-slate-400">
                    Try {doc.attempts + 1}: {doc.last_error}
                  </span>
                ) : null}
                {doc.status === 'failed' && doc.last_error ? (
                  <span className="block text-amber-900 dark:text-amber-200">{doc.last_error}</span>
                ) : null}
              </td>
              <td className="px-3 py-2 text-right tabular-nums whitespace-nowrap">
                {formatRM(fromRinggit(doc.payable))}
              </td>
              <td className="px-3 py-2 text-right tabular-nums whitespace-nowrap">
                {formatRM(fromRinggit(doc.tax))}
              </td>
              <td className="px-3 py-2 tabular-nums whitespace-nowrap">
                {doc.submitted_at ? formatVenueDateTime(doc.submitted_at, timeZone) : '—'}
              </td>
              <td className="px-3 py-2 tabular-nums whitespace-nowrap">
                {doc.validated_at ? formatVenueDateTime(doc.validated_at, timeZone) : '—'}
              </td>
              <td className="max-w-56 px-3 py-2 text-slate-700 dark:text-slate-300">
                {doc.uuid ? <span className="block font-mono text-xs break-all">UUID {doc.uuid}</span> : '—'}
                {doc.long_id ? (
                  <span className="block font-mono text-xs break-all">Long ID {doc.long_id}</span>
                ) : null}
                {doc.validation_link ? (
                  <a
                    href={doc.validation_link}
                    // The document's number in the link's name: a screen reader's list of links tells them apart.
                    aria-label={`Validation link of ${doc.number}`}
                    target="_blank"
                    rel="noreferrer"
                    className="font-semibold text-brand-700 underline hover:text-brand-800 dark:text-brand-200"
                  >
                    Validation link
                  </a>
                ) : null}
              </td>
              <td className="px-3 py-2">
                <div className="flex flex-wrap gap-1">
                  <Button
                    size="md"
                    variant="outline"
                    loading={busy === `status:${doc.id}`}
                    onClick={() =>
                      void act(
                        `status:${doc.id}`,
                        () => pos.api.einvoiceStatus({ id: doc.id }),
                        (answer) => `${answer.number}: ${EINVOICE_STATUS[answer.status].label}`,
                      )
                    }
                  >
                    Refresh status
                  </Button>
                  {retriable(doc) ? (
                    <Button
                      size="md"
                      variant="outline"
                      loading={busy === `retry:${doc.id}`}
                      onClick={() =>
                        void act(
                          `retry:${doc.id}`,
                          () => pos.api.einvoiceRetry({ id: doc.id }),
                          (answer) => `${answer.number} is queued again`,
                        )
                      }
                    >
                      Retry
                    </Button>
                  ) : null}
                  {cancellable(doc, new Date()) ? (
                    <Button size="md" variant="dangerOutline" onClick={() => setCancelling(doc)}>
                      Cancel
                    </Button>
                  ) : null}
                </div>
              </td>
            </DocumentRows>
          );
        })}
      </DataTable>
      {cancelling ? (
        <CancelDialog
          doc={cancelling}
          onClose={() => setCancelling(null)}
          onDone={(answer) => {
            setCancelling(null);
            setProblem('');
            setNotice({
              text: `${answer.number} is cancelled with MyInvois`,
              id: answer.id,
              status: answer.status,
            });
            void load();
          }}
        />
      ) : null}
    </section>
  );
}

/** A document's row and, when LHDN found it invalid or refused it, a row of its errors under it. */
function DocumentRows({
  doc,
  errors,
  children,
}: {
  doc: EinvoiceDocument;
  errors: readonly string[];
  children: React.ReactNode;
}) {
  const border = 'border-b border-slate-100 dark:border-slate-800';
  return (
    <>
      <tr
        data-testid="einvoice-row"
        data-status={doc.status}
        className={`align-top ${errors.length > 0 ? '' : border}`}
      >
        {children}
      </tr>
      {errors.length > 0 ? (
        <tr data-testid="einvoice-errors" className={border}>
          <td colSpan={9} className="px-3 pb-3">
            <div className="rounded-xl bg-red-50 p-3 text-red-900 dark:bg-red-950 dark:text-red-100">
              <p className="font-semibold">LHDN's errors for {doc.number}</p>
              <ul className="list-inside list-disc">
                {errors.map((line) => (
                  <li key={line} className="break-words">
                    {line}
                  </li>
                ))}
              </ul>
            </div>
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** The dry run's document: its lines and totals, then Submit month (or put it away). */
function PreviewPanel({
  preview,
  month,
  busy,
  onSubmit,
  onClose,
}: {
  preview: PreviewSummary;
  month: string;
  busy: boolean;
  onSubmit: () => void;
  onClose: () => void;
}) {
  return (
    <section
      aria-labelledby="einvoice-preview-heading"
      data-testid="einvoice-preview"
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-brand-200 dark:bg-slate-900 dark:ring-brand-800"
    >
      <h3 id="einvoice-preview-heading" className="text-lg font-bold">
        Preview of {preview.number}: nothing is sent yet
      </h3>
      <dl className="grid grid-cols-3 gap-3" data-testid="einvoice-preview-totals">
        {(
          [
            ['Excluding tax', preview.excludingTax],
            ['Tax', preview.tax],
            ['Payable', preview.payable],
          ] as const
        ).map(([label, amount]) => (
          <div key={label} className="flex flex-col">
            <dt className="text-sm font-semibold text-slate-600 dark:text-slate-300">{label}</dt>
            <dd className="text-xl font-bold tabular-nums">{formatRM(amount)}</dd>
          </div>
        ))}
      </dl>
      <DataTable
        label={`Lines of ${preview.number}`}
        heads={['Line', 'Excluding tax', 'Tax']}
        numeric={['Excluding tax', 'Tax']}
        small
      >
        {preview.lines.map((line, index) => (
          <tr
            // The lines have no key of their own: their position is theirs.
            // biome-ignore lint/suspicious/noArrayIndexKey: the document's lines are in a fixed order
            key={index}
            data-testid="einvoice-preview-line"
            className="border-b border-slate-100 dark:border-slate-800"
          >
            <td className="px-3 py-2">{line.description}</td>
            <td className="px-3 py-2 text-right tabular-nums">{formatRM(line.excludingTax)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{formatRM(line.tax)}</td>
          </tr>
        ))}
      </DataTable>
      <div className="flex flex-wrap gap-3">
        <Button variant="primary" onClick={onSubmit} loading={busy}>
          Submit {month} to MyInvois
        </Button>
        <Button variant="ghost" onClick={onClose}>
          Close preview
        </Button>
      </div>
    </section>
  );
}

/** Cancel with a reason: MyInvois allows it within 72 hours of validation; its refusal shows in the dialog. */
function CancelDialog({
  doc,
  onClose,
  onDone,
}: {
  doc: EinvoiceDocument;
  onClose: () => void;
  onDone: (answer: EinvoiceDocument) => void;
}) {
  const pos = usePos();
  const [reason, setReason] = useState('');
  const { busy, failure, run } = useSubmission();
  const until = doc.validated_at
    ? formatVenueDateTime(einvoiceCancelDeadline(doc.validated_at).toISOString(), pos.config.timeZone)
    : '';
  const submit = () => {
    let answer: EinvoiceDocument | undefined;
    void run(async () => {
      answer = await pos.api.einvoiceCancel({ id: doc.id, reason });
    }).then((ok) => ok && answer && onDone(answer));
  };
  return (
    <PosDialog
      open
      title={`Cancel e-invoice ${doc.number}`}
      description={`MyInvois allows cancelling it until ${until}. The orders it consolidates stay as they are.`}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Cancel e-invoice"
      submitVariant="danger"
      cancelLabel="Keep it"
      busy={busy}
    >
      <div className="flex flex-col gap-3">
        <TextField
          label="Reason"
          hint="Sent to MyInvois, e.g. Wrong amounts"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={failure.fields.reason}
          data-autofocus
        />
        {failure.message ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {failure.message}
          </p>
        ) : null}
      </div>
    </PosDialog>
  );
}
