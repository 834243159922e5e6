import type { StockCountResponse, StockImportResponse, StockLevel, StockMovement } from 'pos-sdk/contract';
import { formatAmount, formatRM, fromRinggit, parseRinggit, toRinggit } from 'pos-sdk/money';
import { formatVenueDateTime, stockValue } from 'pos-sdk/rules';
import { type ChangeEvent, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/Button';
import { PosDialog } from '../../components/PosDialog';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { usePos } from '../../hooks/usePos';
import { formFailure, useSubmission } from '../adminForm';
import { Banner, DataTable, FormMessage } from '../parts';

/** A whole number as typed, or the text itself (the server then says what is wrong with it in the field's words). */
const wholeOf = (text: string): number =>
  /^\s*-?\d+\s*$/.test(text) ? Number(text) : (text as unknown as number);

const itemOf = (level: StockLevel) => `${level.name} - ${level.size}`;

type Open =
  | { readonly kind: 'receive' | 'adjust' | 'history'; readonly level: StockLevel }
  | { readonly kind: 'track' | 'import' }
  | null;

/**
 * Stock: the tracked merchandise variants with what is on hand (below zero marked), their low level and cost, and
 * the stock's value at cost; low and negative ones alone on request (`?low=1`). A delivery, damage or a correction
 * for a variant, its movements, starting to keep a variant's stock, and a count of every variant: counted quantities
 * typed in, each variance shown (a dry run) before the count is applied as one movement each. The same calls as
 * `pos stock`.
 */
export function StockScreen() {
  const pos = usePos();
  const [search, setSearch] = useSearchParams();
  const lowOnly = search.get('low') === '1';
  const [levels, setLevels] = useState<readonly StockLevel[]>([]);
  const [failure, setFailure] = useState('');
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState('');
  const [counting, setCounting] = useState<Record<string, string> | null>(null);
  const [countCheck, setCountCheck] = useState<StockCountResponse | null>(null);
  const [countFailure, setCountFailure] = useState('');
  const [countBusy, setCountBusy] = useState(false);
  const load = useCallback(() => {
    pos.api.stockList({ low: lowOnly }).then(
      (list) => {
        setLevels(list);
        setFailure('');
      },
      (error: unknown) => setFailure(error instanceof Error ? error.message : String(error)),
    );
  }, [pos, lowOnly]);
  useEffect(load, [load]);
  const done = (message: string) => {
    setOpen(null);
    setNotice(message);
    load();
  };
  const value = stockValue(levels);
  const countItems = () =>
    Object.entries(counting ?? {})
      .filter(([, text]) => text.trim() !== '')
      .map(([sku, text]) => ({ sku, counted: wholeOf(text) }));
  const runCount = async (dryRun: boolean) => {
    setCountBusy(true);
    setCountFailure('');
    try {
      const answer = await pos.api.stockCount({
        items: countItems(),
        reason: 'Stock count',
        dry_run: dryRun,
      });
      if (dryRun) {
        setCountCheck(answer);
      } else {
        setCounting(null);
        setCountCheck(null);
        setNotice(`Count applied to ${answer.lines.length} ${answer.lines.length === 1 ? 'item' : 'items'}`);
        load();
      }
    } catch (error) {
      const failed = formFailure(error);
      setCountFailure(
        failed.message || failed.issues.map((issue) => `${issue.path}: ${issue.message}`).join('; '),
      );
    } finally {
      setCountBusy(false);
    }
  };
  const varianceOf = (sku: string) => countCheck?.lines.find((line) => line.sku === sku);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-2xl font-bold">Stock</h1>
        <label className="flex min-h-11 items-center gap-2 font-semibold">
          <input
            type="checkbox"
            checked={lowOnly}
            onChange={(event) => setSearch(event.target.checked ? { low: '1' } : {}, { replace: true })}
            className="size-5 accent-brand-600"
          />
          Low and below zero only
        </label>
        <Button variant="outline" onClick={() => setOpen({ kind: 'track' })}>
          Keep stock of a variant
        </Button>
        <Button variant="outline" onClick={() => setOpen({ kind: 'import' })}>
          Import deliveries
        </Button>
        {counting === null ? (
          <Button variant="primary" onClick={() => setCounting({})} disabled={levels.length === 0}>
            Count stock
          </Button>
        ) : null}
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-200" data-testid="stock-value">
        {levels.length} tracked {levels.length === 1 ? 'variant' : 'variants'} · stock value at cost{' '}
        <strong>{formatRM(value.value)}</strong>
        {value.withoutCost > 0 ? ` (${value.withoutCost} with units on hand have no cost price)` : ''}
      </p>
      <Banner tone="done">{notice}</Banner>
      <Banner tone="error">{failure}</Banner>
      {counting !== null ? (
        <div className="flex flex-wrap items-center gap-3 rounded-xl bg-brand-50 p-3 text-brand-800 dark:bg-slate-800 dark:text-brand-100">
          <p className="mr-auto">
            Counting: type what is on the shelf for each item you counted. Sales while you count are in the
            level the count is compared with when it is applied.
          </p>
          <Button
            variant="outline"
            onClick={() => void runCount(true)}
            loading={countBusy && countCheck === null}
          >
            Check count
          </Button>
          {countCheck !== null ? (
            <Button variant="primary" onClick={() => void runCount(false)} loading={countBusy}>
              Apply count
            </Button>
          ) : null}
          <Button
            variant="ghost"
            onClick={() => {
              setCounting(null);
              setCountCheck(null);
              setCountFailure('');
            }}
          >
            Cancel count
          </Button>
          {countFailure ? (
            <p role="alert" className="w-full text-sm font-medium text-red-700 dark:text-red-400">
              {countFailure}
            </p>
          ) : null}
        </div>
      ) : null}
      <DataTable
        label="Stock"
        heads={[
          'SKU',
          'Item',
          'On hand',
          'Low at',
          'Cost',
          ...(counting !== null ? ['Counted', 'Variance'] : []),
          '',
        ]}
        footer={
          levels.length === 0 && !failure ? (
            <p className="p-6 text-center text-slate-600 dark:text-slate-400">
              {lowOnly ? 'Nothing is low or below zero' : 'No variant has its stock kept yet'}
            </p>
          ) : null
        }
      >
        {levels.map((level) => {
          const low = level.low_level !== null && level.quantity <= level.low_level;
          const line = varianceOf(level.sku);
          return (
            <tr
              key={level.sku}
              data-testid="stock-row"
              data-sku={level.sku}
              className="border-b border-slate-100 dark:border-slate-800"
            >
              <td className="px-3 py-2 font-mono text-sm">{level.sku}</td>
              <td className="px-3 py-2 font-semibold">{itemOf(level)}</td>
              <td
                className={`px-3 py-2 text-right tabular-nums ${
                  level.quantity < 0 || low ? 'font-semibold text-red-800 dark:text-red-300' : ''
                }`}
              >
                {level.quantity}
                {level.quantity < 0 ? ' (below zero)' : low ? ' (low)' : ''}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{level.low_level ?? '—'}</td>
              <td className="px-3 py-2 text-right tabular-nums">
                {level.cost === null ? '—' : formatRM(fromRinggit(level.cost))}
              </td>
              {counting !== null ? (
                <>
                  <td className="px-3 py-2">
                    <input
                      aria-label={`Counted ${level.sku}`}
                      inputMode="numeric"
                      value={counting[level.sku] ?? ''}
                      onChange={(event) => {
                        setCountCheck(null);
                        setCounting({ ...counting, [level.sku]: event.target.value });
                      }}
                      className="min-h-11 w-24 rounded-lg bg-white px-2 text-right ring-1 ring-inset ring-slate-300 dark:bg-slate-900 dark:ring-slate-600"
                    />
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums" data-testid="count-variance">
                    {line === undefined ? '' : `${line.variance > 0 ? '+' : ''}${line.variance}`}
                  </td>
                </>
              ) : null}
              <td className="px-3 py-2">
                <div className="flex flex-wrap gap-1">
                  <Button size="md" variant="outline" onClick={() => setOpen({ kind: 'receive', level })}>
                    Receive
                  </Button>
                  <Button size="md" variant="ghost" onClick={() => setOpen({ kind: 'adjust', level })}>
                    Adjust
                  </Button>
                  <Button size="md" variant="ghost" onClick={() => setOpen({ kind: 'history', level })}>
                    History
                  </Button>
                </div>
              </td>
            </tr>
          );
        })}
      </DataTable>
      {open?.kind === 'receive' || open?.kind === 'adjust' ? (
        <MoveDialog kind={open.kind} level={open.level} onClose={() => setOpen(null)} onDone={done} />
      ) : null}
      {open?.kind === 'history' ? <HistoryDialog level={open.level} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'track' ? <TrackDialog onClose={() => setOpen(null)} onDone={done} /> : null}
      {open?.kind === 'import' ? <ImportDialog onClose={() => setOpen(null)} onDone={done} /> : null}
    </div>
  );
}

function MoveDialog({
  kind,
  level,
  onClose,
  onDone,
}: {
  kind: 'receive' | 'adjust';
  level: StockLevel;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const pos = usePos();
  const { busy, failure, run } = useSubmission();
  const [quantity, setQuantity] = useState('');
  const [reason, setReason] = useState('');
  const [adjustKind, setAdjustKind] = useState<'damage' | 'correction'>('damage');
  const submit = () =>
    void run(() =>
      kind === 'receive'
        ? pos.api.stockReceive({ sku: level.sku, quantity: wholeOf(quantity), reason })
        : pos.api.stockAdjust({ sku: level.sku, kind: adjustKind, quantity: wholeOf(quantity), reason }),
    ).then(
      (ok) =>
        ok &&
        onDone(
          kind === 'receive'
            ? `Received ${quantity.trim()} of ${itemOf(level)}`
            : `Adjusted ${itemOf(level)}`,
        ),
    );
  return (
    <PosDialog
      open
      title={kind === 'receive' ? `Receive ${itemOf(level)}` : `Adjust ${itemOf(level)}`}
      description={`On hand now: ${level.quantity}.`}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={kind === 'receive' ? 'Receive' : 'Adjust'}
      busy={busy}
    >
      <div className="flex flex-col gap-3">
        {kind === 'adjust' ? (
          <SelectField
            label="Why"
            value={adjustKind}
            onChange={(event) => setAdjustKind(event.target.value === 'correction' ? 'correction' : 'damage')}
          >
            <option value="damage">Damaged or lost (units gone)</option>
            <option value="correction">Correction (units in, or out with a minus)</option>
          </SelectField>
        ) : null}
        <TextField
          label="Units"
          inputMode="numeric"
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
          error={failure.fields.quantity}
          data-autofocus
        />
        <TextField
          label={kind === 'receive' ? 'Delivery note (optional)' : 'Reason'}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={failure.fields.reason}
        />
        <FormMessage failure={failure} />
      </div>
    </PosDialog>
  );
}

function TrackDialog({ onClose, onDone }: { onClose: () => void; onDone: (message: string) => void }) {
  const pos = usePos();
  const { busy, failure, run } = useSubmission();
  const [form, setForm] = useState({ sku: '', quantity: '0', low: '', cost: '' });
  const submit = () => {
    const cost = form.cost.trim() === '' ? null : parseRinggit(form.cost);
    void run(() =>
      pos.api.stockTrack({
        sku: form.sku.trim(),
        track: true,
        quantity: wholeOf(form.quantity),
        low_level: form.low.trim() === '' ? null : wholeOf(form.low),
        cost: cost === undefined ? (form.cost as unknown as number) : cost === null ? null : toRinggit(cost),
      }),
    ).then((ok) => ok && onDone(`Keeping the stock of ${form.sku.trim()}`));
  };
  return (
    <PosDialog
      open
      title="Keep stock of a variant"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Keep stock"
      busy={busy}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Merchandise SKU"
          value={form.sku}
          onChange={(event) => setForm({ ...form, sku: event.target.value })}
          error={failure.fields.sku}
          data-autofocus
        />
        <TextField
          label="On hand now"
          inputMode="numeric"
          value={form.quantity}
          onChange={(event) => setForm({ ...form, quantity: event.target.value })}
          error={failure.fields.quantity}
        />
        <TextField
          label="Low at (optional)"
          inputMode="numeric"
          value={form.low}
          onChange={(event) => setForm({ ...form, low: event.target.value })}
          error={failure.fields.low_level}
        />
        <TextField
          label="Cost of one (optional)"
          prefix="RM"
          inputMode="decimal"
          value={form.cost}
          onChange={(event) => setForm({ ...form, cost: event.target.value })}
          error={failure.fields.cost}
        />
      </div>
      <FormMessage failure={failure} />
    </PosDialog>
  );
}

/** Deliveries from a CSV (`sku,quantity[,reason]`): checked first (each level before and after), then applied. */
function ImportDialog({ onClose, onDone }: { onClose: () => void; onDone: (message: string) => void }) {
  const pos = usePos();
  const { busy, failure, run } = useSubmission();
  const [content, setContent] = useState('');
  const [reason, setReason] = useState('');
  const [preview, setPreview] = useState<StockImportResponse | null>(null);
  const readFile = (event: ChangeEvent<HTMLInputElement>) => {
    setPreview(null);
    const file = event.target.files?.[0];
    if (file) void file.text().then(setContent);
  };
  const check = () => {
    void run(async () => {
      setPreview(await pos.api.stockImport({ content, reason, dry_run: true }));
    });
  };
  const apply = () => {
    let result: StockImportResponse | undefined;
    void run(async () => {
      result = await pos.api.stockImport({ content, reason, dry_run: false });
    }).then(
      (ok) =>
        ok &&
        result &&
        onDone(`Received ${result.lines.length} ${result.lines.length === 1 ? 'delivery' : 'deliveries'}`),
    );
  };
  return (
    <PosDialog
      open
      title="Import deliveries"
      description="A CSV whose first line is sku,quantity (and reason). It is checked first; nothing changes until you apply it."
      onClose={onClose}
      onSubmit={preview ? apply : check}
      submitLabel={
        preview
          ? `Receive ${preview.lines.length} ${preview.lines.length === 1 ? 'delivery' : 'deliveries'}`
          : 'Check the file'
      }
      submitDisabled={content === ''}
      busy={busy}
      size="lg"
    >
      <div className="flex flex-col gap-3">
        <label className="flex flex-col gap-1.5 text-sm font-semibold">
          CSV file
          <input type="file" accept=".csv,text/csv" onChange={readFile} data-autofocus className="min-h-12" />
        </label>
        <TextField
          label="Reason of rows without one (optional)"
          value={reason}
          onChange={(event) => {
            setPreview(null);
            setReason(event.target.value);
          }}
        />
        {preview ? (
          <table aria-label="Deliveries of the file" className="w-full border-collapse text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-700">
                {['Line', 'SKU', 'In', 'On hand', 'After', 'Reason'].map((head) => (
                  <th key={head} scope="col" className="px-2 py-1.5 font-semibold">
                    {head}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.lines.map((line) => (
                <tr key={line.line} className="border-b border-slate-100 dark:border-slate-800">
                  <td className="px-2 py-1.5 tabular-nums">{line.line}</td>
                  <td className="px-2 py-1.5 font-mono">{line.sku}</td>
                  <td className="px-2 py-1.5 tabular-nums">+{line.quantity}</td>
                  <td className="px-2 py-1.5 tabular-nums">{line.level_before}</td>
                  <td className="px-2 py-1.5 tabular-nums">{line.level_after}</td>
                  <td className="px-2 py-1.5">{line.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        <FormMessage failure={failure} />
      </div>
    </PosDialog>
  );
}

const KIND_WORDS: Record<string, string> = {
  sale: 'Sale',
  refund: 'Refund',
  cancel: 'Cancel',
  delivery: 'Delivery',
  count: 'Count',
  damage: 'Damage',
  correction: 'Correction',
};

function HistoryDialog({ level, onClose }: { level: StockLevel; onClose: () => void }) {
  const pos = usePos();
  const [movements, setMovements] = useState<readonly StockMovement[] | null>(null);
  const [failure, setFailure] = useState('');
  useEffect(() => {
    pos.api
      .stockHistory({ sku: level.sku, limit: 100 })
      .then(setMovements, (error: unknown) =>
        setFailure(error instanceof Error ? error.message : String(error)),
      );
  }, [pos, level.sku]);
  return (
    <PosDialog open title={`History of ${itemOf(level)}`} onClose={onClose} cancelLabel="Close" size="xl">
      {failure ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {failure}
        </p>
      ) : null}
      <div className="max-h-96 overflow-auto">
        <table aria-label={`Movements of ${level.sku}`} className="w-full border-collapse text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              {['When', 'What', 'Units', 'After', 'Reason', 'Staff', 'Terminal'].map((head) => (
                <th key={head} scope="col" className="px-2 py-1.5 font-semibold">
                  {head}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(movements ?? []).map((movement) => (
              <tr key={movement._id} className="border-b border-slate-100 dark:border-slate-800">
                <td className="px-2 py-1.5 whitespace-nowrap tabular-nums">
                  {formatVenueDateTime(movement.at, pos.config.timeZone)}
                </td>
                <td className="px-2 py-1.5">{KIND_WORDS[movement.kind] ?? movement.kind}</td>
                <td className="px-2 py-1.5 text-right tabular-nums">
                  {movement.quantity > 0 ? '+' : ''}
                  {movement.quantity}
                </td>
                <td className="px-2 py-1.5 text-right tabular-nums">{movement.level_after}</td>
                <td className="px-2 py-1.5">{movement.reason}</td>
                <td className="px-2 py-1.5">{movement.staff ?? '—'}</td>
                <td className="px-2 py-1.5">{movement.terminal ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {movements !== null && movements.length === 0 ? <p>No movements</p> : null}
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        {level.cost === null ? '' : `Cost ${formatAmount(fromRinggit(level.cost))} each`}
      </p>
    </PosDialog>
  );
}
