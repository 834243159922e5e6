import type { CatalogImportResponse, CatalogList, CatalogRow, CatalogRowInput } from 'pos-sdk/contract';
import { formatAmount, formatRM, fromRinggit, parseRinggit, toRinggit } from 'pos-sdk/money';
import { formatTaxRate } from 'pos-sdk/rules';
import { type ChangeEvent, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/Button';
import { PosDialog } from '../../components/PosDialog';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { usePos } from '../../hooks/usePos';
import { useSubmission } from '../adminForm';
import { saveFile } from '../ordersCsv';
import { Banner, DataTable, FormMessage } from '../parts';

/** The form's text of a catalogue row (what a person types). */
interface Draft {
  type: 'PASS' | 'MERCHANDISE';
  sku: string;
  product: string;
  category: string;
  group: string;
  size: string;
  price: string;
  min_qty: string;
  usage_limit: string;
  entries_per_day: string;
  duration_value: string;
  duration_unit: string;
  barcode: string;
  /** The venue's tax code ('' for none: untaxed). */
  tax_code: string;
}

const EMPTY: Draft = {
  type: 'PASS',
  sku: '',
  product: '',
  category: '',
  group: '',
  size: '',
  price: '',
  min_qty: '1',
  usage_limit: '1',
  entries_per_day: '1',
  duration_value: '1',
  duration_unit: 'Day',
  barcode: '',
  tax_code: '',
};

function draftOf(row: CatalogRow): Draft {
  if (row.type === 'PASS') {
    return {
      ...EMPTY,
      type: 'PASS',
      sku: row.sku,
      product: row.product,
      category: row.category,
      group: row.group,
      price: formatAmount(fromRinggit(row.price)),
      min_qty: String(row.min_qty),
      usage_limit: String(row.usage_limit),
      entries_per_day: String(row.entries_per_day),
      duration_value: String(row.duration.value),
      duration_unit: row.duration.unit,
      tax_code: row.tax_code ?? '',
    };
  }
  return {
    ...EMPTY,
    type: 'MERCHANDISE',
    sku: row.sku,
    product: row.product,
    size: row.size,
    price: formatAmount(fromRinggit(row.price)),
    barcode: row.barcode ?? '',
    tax_code: row.tax_code ?? '',
  };
}

/** A number as typed, or the text itself (the server then says what is wrong with it in the field's words). */
const numberOf = (text: string): number =>
  /^\s*-?\d+\s*$/.test(text) ? Number(text) : (text as unknown as number);
const priceOf = (text: string): number => {
  const sen = parseRinggit(text);
  return sen === undefined ? (text as unknown as number) : toRinggit(sen);
};

/** The row a draft describes, as the contract sends it. */
function rowOf(draft: Draft): CatalogRowInput {
  if (draft.type === 'PASS') {
    return {
      type: 'PASS',
      sku: draft.sku.trim(),
      product: draft.product,
      category: draft.category,
      group: draft.group,
      price: priceOf(draft.price),
      min_qty: numberOf(draft.min_qty),
      usage_limit: numberOf(draft.usage_limit),
      entries_per_day: numberOf(draft.entries_per_day),
      duration: { value: numberOf(draft.duration_value), unit: draft.duration_unit as 'Day' },
      tax_code: draft.tax_code === '' ? null : draft.tax_code,
    };
  }
  return {
    type: 'MERCHANDISE',
    sku: draft.sku.trim(),
    product: draft.product,
    size: draft.size,
    price: priceOf(draft.price),
    barcode: draft.barcode.trim() === '' ? null : draft.barcode.trim(),
    tax_code: draft.tax_code === '' ? null : draft.tax_code,
  };
}

/** What a pass's validity is in words: '1 Day, 10 uses', 'Membership, 1 Month'. */
function validityOf(row: CatalogRow): string {
  if (row.type !== 'PASS') return row.barcode ? `Barcode ${row.barcode}` : '';
  const period = `${row.duration.value} ${row.duration.unit}${row.duration.value === 1 ? '' : 's'}`;
  return row.usage_limit === 0
    ? `Membership, ${period}, ${row.entries_per_day} a day`
    : `${period}, ${row.usage_limit} ${row.usage_limit === 1 ? 'use' : 'uses'}`;
}

/**
 * The catalogue: every pass and merchandise variant, retired ones too, searchable (the search stays in the URL); add
 * and edit a variant, retire or restore it, import a CSV (its dry run's changes shown before they are applied), export
 * the catalogue. The same calls as `pos catalog`; the server's field messages show under the fields.
 */
export function CatalogueScreen() {
  const pos = usePos();
  const [search, setSearch] = useSearchParams();
  const query = search.get('q') ?? '';
  const [catalog, setCatalog] = useState<CatalogList | null>(null);
  const [failure, setFailure] = useState('');
  const [editing, setEditing] = useState<{ draft: Draft; isNew: boolean } | null>(null);
  const [importing, setImporting] = useState(false);
  const [notice, setNotice] = useState('');
  const load = useCallback(() => {
    pos.api.catalogList().then(
      (list) => {
        setCatalog(list);
        setFailure('');
      },
      (error: unknown) => setFailure(error instanceof Error ? error.message : String(error)),
    );
  }, [pos]);
  useEffect(load, [load]);
  const needle = query.trim().toLowerCase();
  const rows = (catalog?.items ?? []).filter(
    (row) =>
      needle === '' || row.sku.toLowerCase().includes(needle) || row.product.toLowerCase().includes(needle),
  );
  const setActive = (row: CatalogRow) => {
    pos.api.catalogSetActive({ sku: row.sku, active: !row.active }).then(
      (list) => {
        setCatalog(list);
        setNotice(`${row.active ? 'Retired' : 'Restored'} ${row.sku}`);
      },
      (error: unknown) => setFailure(error instanceof Error ? error.message : String(error)),
    );
  };
  const exportCsv = () => {
    pos.api.catalogExport({ format: 'csv' }).then(
      (file) => saveFile([file.content], 'catalogue.csv'),
      (error: unknown) => setFailure(error instanceof Error ? error.message : String(error)),
    );
  };
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <h1 className="mr-auto text-2xl font-bold">Catalogue</h1>
        <TextField
          label="Search"
          type="search"
          placeholder="SKU or product"
          value={query}
          onChange={(event) =>
            setSearch(event.target.value ? { q: event.target.value } : {}, { replace: true })
          }
        />
        <Button variant="primary" onClick={() => setEditing({ draft: EMPTY, isNew: true })}>
          Add pass
        </Button>
        <Button
          variant="primary"
          onClick={() => setEditing({ draft: { ...EMPTY, type: 'MERCHANDISE' }, isNew: true })}
        >
          Add merchandise
        </Button>
        <Button variant="outline" onClick={() => setImporting(true)}>
          Import CSV
        </Button>
        <Button variant="outline" onClick={exportCsv}>
          Export CSV
        </Button>
      </div>
      <Banner tone="done">{notice}</Banner>
      <Banner tone="error">{failure}</Banner>
      <DataTable
        label="Catalogue"
        heads={['SKU', 'Product', 'Variant', 'Price', 'Tax', 'Validity', 'Status', '']}
        footer={
          catalog && rows.length === 0 ? (
            <p className="p-6 text-center text-slate-600 dark:text-slate-400">No variant matches '{query}'</p>
          ) : null
        }
      >
        {rows.map((row) => (
          <tr
            key={row.sku}
            data-testid="catalogue-row"
            data-sku={row.sku}
            className={`border-b border-slate-100 dark:border-slate-800 ${row.active ? '' : 'text-slate-500'}`}
          >
            <td className="px-3 py-2 font-mono text-sm">{row.sku}</td>
            <td className="px-3 py-2 font-semibold">{row.product}</td>
            <td className="px-3 py-2">{row.type === 'PASS' ? `${row.category} · ${row.group}` : row.size}</td>
            <td className="px-3 py-2 text-right tabular-nums">{formatRM(fromRinggit(row.price))}</td>
            <td className="px-3 py-2 font-mono text-sm">{row.tax_code ?? ''}</td>
            <td className="px-3 py-2 text-sm">{validityOf(row)}</td>
            <td className="px-3 py-2">{row.active ? 'On sale' : 'Retired'}</td>
            <td className="px-3 py-2">
              <div className="flex flex-wrap gap-1">
                <Button
                  size="md"
                  variant="outline"
                  onClick={() => setEditing({ draft: draftOf(row), isNew: false })}
                >
                  Edit
                </Button>
                <Button
                  size="md"
                  variant={row.active ? 'dangerOutline' : 'outline'}
                  onClick={() => setActive(row)}
                >
                  {row.active ? 'Retire' : 'Restore'}
                </Button>
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
      {editing ? (
        <RowDialog
          initial={editing.draft}
          isNew={editing.isNew}
          onClose={() => setEditing(null)}
          onDone={(list, message) => {
            setCatalog(list);
            setEditing(null);
            setNotice(message);
          }}
        />
      ) : null}
      {importing ? (
        <ImportDialog
          onClose={() => setImporting(false)}
          onDone={(message) => {
            setImporting(false);
            setNotice(message);
            load();
          }}
        />
      ) : null}
    </div>
  );
}

function RowDialog({
  initial,
  isNew,
  onClose,
  onDone,
}: {
  initial: Draft;
  isNew: boolean;
  onClose: () => void;
  onDone: (list: CatalogList, message: string) => void;
}) {
  const pos = usePos();
  const { busy, failure, run } = useSubmission();
  const [draft, setDraft] = useState(initial);
  // The venue's codes (its settings, loaded with the back office): `pos tax set` or Settings > Tax codes adds them.
  const taxCodes = pos.venue.settings.value?.tax_codes ?? [];
  const field = (key: keyof Draft) => ({
    value: draft[key],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setDraft({ ...draft, [key]: event.target.value }),
    error: failure.fields[key === 'duration_value' ? 'value' : key === 'duration_unit' ? 'unit' : key],
  });
  const isPass = draft.type === 'PASS';
  const submit = () => {
    let list: CatalogList | undefined;
    void run(async () => {
      if (isNew) {
        list = await pos.api.catalogAdd({ item: rowOf(draft) });
        return;
      }
      const before = rowOf(initial) as Record<string, unknown>;
      const after = rowOf(draft) as Record<string, unknown>;
      const changes: Record<string, unknown> = {};
      for (const key of Object.keys(after)) {
        if (key === 'type' || key === 'sku') continue;
        if (JSON.stringify(after[key]) !== JSON.stringify(before[key])) changes[key] = after[key];
      }
      list = await pos.api.catalogEdit({ sku: initial.sku, changes });
    }).then((ok) => ok && list && onDone(list, `${isNew ? 'Added' : 'Saved'} ${draft.sku.trim()}`));
  };
  return (
    <PosDialog
      open
      title={isNew ? (isPass ? 'Add a pass' : 'Add merchandise') : `Edit ${initial.sku}`}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={isNew ? 'Add' : 'Save'}
      busy={busy}
      size="lg"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="SKU" {...field('sku')} readOnly={!isNew} data-autofocus={isNew || undefined} />
        <TextField label="Product" {...field('product')} data-autofocus={!isNew || undefined} />
        {isPass ? (
          <>
            <TextField label="Category" hint="e.g. Day Pass, Membership" {...field('category')} />
            <TextField label="Group" hint="e.g. Adult, Child" {...field('group')} />
          </>
        ) : (
          <TextField label="Size" {...field('size')} />
        )}
        <TextField label="Price" prefix="RM" inputMode="decimal" {...field('price')} />
        {isPass ? (
          <>
            <TextField label="Least quantity" inputMode="numeric" {...field('min_qty')} />
            <TextField
              label="Uses per ticket"
              hint="0: a membership"
              inputMode="numeric"
              {...field('usage_limit')}
            />
            <TextField label="Entries a day (membership)" inputMode="numeric" {...field('entries_per_day')} />
            <TextField label="Valid for" inputMode="numeric" {...field('duration_value')} />
            <SelectField label="Unit" {...field('duration_unit')}>
              {['Day', 'Week', 'Month', 'Year'].map((unit) => (
                <option key={unit} value={unit}>
                  {unit}
                </option>
              ))}
            </SelectField>
          </>
        ) : (
          <TextField label="Barcode" hint="Empty: none" {...field('barcode')} />
        )}
        <SelectField label="Tax code" {...field('tax_code')}>
          <option value="">None (untaxed)</option>
          {taxCodes.map((code) => (
            <option key={code.code} value={code.code}>
              {code.code} · {code.name} ({formatTaxRate(code.rate_bp)})
            </option>
          ))}
        </SelectField>
      </div>
      <FormMessage failure={failure} />
    </PosDialog>
  );
}

function ImportDialog({ onClose, onDone }: { onClose: () => void; onDone: (message: string) => void }) {
  const pos = usePos();
  const { busy, failure, run } = useSubmission();
  const [content, setContent] = useState('');
  const [fileName, setFileName] = useState('');
  const [preview, setPreview] = useState<CatalogImportResponse | null>(null);
  const readFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setPreview(null);
    if (!file) return;
    setFileName(file.name);
    void file.text().then(setContent);
  };
  const check = () => {
    void run(async () => {
      setPreview(await pos.api.catalogImport({ format: 'csv', content, dry_run: true }));
    });
  };
  const apply = () => {
    let result: CatalogImportResponse | undefined;
    void run(async () => {
      result = await pos.api.catalogImport({ format: 'csv', content, dry_run: false });
    }).then(
      (ok) =>
        ok &&
        result &&
        onDone(`Imported ${fileName}: ${result.summary.add} added, ${result.summary.update} updated`),
    );
  };
  const changes = preview?.changes.filter((change) => change.action !== 'unchanged') ?? [];
  return (
    <PosDialog
      open
      title="Import a catalogue CSV"
      description="The file is checked first; nothing changes until you apply what it shows."
      onClose={onClose}
      onSubmit={preview ? apply : check}
      submitLabel={
        preview ? `Apply ${changes.length} ${changes.length === 1 ? 'change' : 'changes'}` : 'Check the file'
      }
      submitDisabled={content === '' || (preview !== null && changes.length === 0)}
      busy={busy}
      size="xl"
    >
      <label className="flex flex-col gap-1.5 text-sm font-semibold">
        CSV file (as Export CSV writes it)
        <input type="file" accept=".csv,text/csv" onChange={readFile} data-autofocus className="min-h-12" />
      </label>
      {preview ? (
        <div className="mt-3 flex flex-col gap-2" data-testid="import-preview">
          <p>
            {preview.summary.add} to add, {preview.summary.update} to update, {preview.summary.unchanged}{' '}
            unchanged.
          </p>
          {changes.length > 0 ? (
            <div className="max-h-72 overflow-auto">
              <table aria-label="Changes of the import" className="w-full border-collapse text-left text-sm">
                <thead>
                  <tr className="border-b border-slate-200 dark:border-slate-700">
                    {['Line', 'SKU', 'Change', 'Fields'].map((head) => (
                      <th key={head} scope="col" className="px-2 py-1.5 font-semibold">
                        {head}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {changes.map((change) => (
                    <tr
                      key={`${change.line}-${change.sku}`}
                      className="border-b border-slate-100 dark:border-slate-800"
                    >
                      <td className="px-2 py-1.5 tabular-nums">{change.line}</td>
                      <td className="px-2 py-1.5 font-mono">{change.sku}</td>
                      <td className="px-2 py-1.5">{change.action === 'add' ? 'Add' : 'Update'}</td>
                      <td className="px-2 py-1.5">
                        {change.fields
                          .map(
                            (one) => `${one.field}: ${JSON.stringify(one.from)} → ${JSON.stringify(one.to)}`,
                          )
                          .join('; ')}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </div>
      ) : null}
      <FormMessage failure={failure} />
      {failure.issues.length > 0 ? (
        <ul role="alert" className="mt-2 list-disc pl-5 text-sm text-red-700 dark:text-red-400">
          {failure.issues.map((issue) => (
            <li key={`${issue.path}-${issue.message}`}>
              {issue.path}: {issue.message}
            </li>
          ))}
        </ul>
      ) : null}
    </PosDialog>
  );
}
