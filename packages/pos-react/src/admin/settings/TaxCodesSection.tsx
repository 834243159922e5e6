import type { TaxCode } from 'pos-sdk/contract';
import { formatTaxRate, parseTaxRate, TAX_TYPES } from 'pos-sdk/rules';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../components/Button';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { usePos } from '../../hooks/usePos';
import { useSubmission } from '../adminForm';
import { Banner, DataTable, FormMessage } from '../parts';

/** MyInvois's words for the tax types a code maps to. */
const TYPE_NAMES: Readonly<Record<TaxCode['type'], string>> = {
  '01': '01 Sales tax',
  '02': '02 Service tax',
  '06': '06 Not applicable',
  E: 'E Exempt',
};

interface Draft {
  code: string;
  name: string;
  rate: string;
  type: TaxCode['type'];
}

const EMPTY: Draft = { code: '', name: '', rate: '', type: '02' };

/**
 * The venue's tax codes: each with its name, rate and MyInvois tax type; add one, change one (its rate applies to
 * sales from then on, never to sold orders), remove one no variant uses. The same calls as `pos tax`; the till reads
 * the codes with the venue's settings. A catalogue variant names its code on the Catalogue screen.
 */
export function TaxCodesSection() {
  const pos = usePos();
  const [codes, setCodes] = useState<readonly TaxCode[] | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [rateError, setRateError] = useState('');
  const [notice, setNotice] = useState('');
  const { busy, failure, run } = useSubmission();
  const [loadFailure, setLoadFailure] = useState('');
  useEffect(() => {
    pos.api
      .taxList()
      .then(setCodes, (error: unknown) =>
        setLoadFailure(error instanceof Error ? error.message : String(error)),
      );
  }, [pos]);
  /** The new list, and the venue's settings again so the till and the Catalogue screen read the codes. */
  const done = (list: readonly TaxCode[], message: string) => {
    setCodes(list);
    setNotice(message);
    void pos.venue.load().catch(() => undefined);
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    setNotice('');
    const rate = parseTaxRate(draft.rate);
    setRateError(rate.ok ? '' : rate.message);
    if (!rate.ok) return;
    let list: TaxCode[] | undefined;
    const code = { code: draft.code.trim(), name: draft.name.trim(), rate_bp: rate.value, type: draft.type };
    void run(async () => {
      list = await pos.api.taxSet({ code });
    }).then((ok) => {
      if (!ok || !list) return;
      done(list, `Saved tax code ${code.code}`);
      setDraft(EMPTY);
    });
  };
  const remove = (code: string) => {
    setNotice('');
    let list: TaxCode[] | undefined;
    void run(async () => {
      list = await pos.api.taxRemove({ code });
    }).then((ok) => ok && list && done(list, `Removed tax code ${code}`));
  };
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft({ ...draft, [key]: value });
  return (
    <section className="flex max-w-3xl flex-col gap-3" aria-labelledby="tax-codes-heading">
      <h2 id="tax-codes-heading" className="text-xl font-bold">
        Tax codes
      </h2>
      <p className="text-slate-700 dark:text-slate-300">
        A variant with a code is taxed at its rate; without codes the venue sells untaxed. A changed rate
        applies to sales from then on, never to orders already sold.
      </p>
      <Banner tone="done">{notice}</Banner>
      <Banner tone="error">{loadFailure}</Banner>
      <DataTable
        label="Tax codes"
        heads={['Code', 'Name', 'Rate', 'MyInvois type', '']}
        footer={
          codes && codes.length === 0 ? (
            <p className="p-6 text-center text-slate-600 dark:text-slate-400">
              No tax codes: everything sells untaxed
            </p>
          ) : null
        }
      >
        {(codes ?? []).map((code) => (
          <tr
            key={code.code}
            data-testid="tax-code"
            className="border-b border-slate-100 dark:border-slate-800"
          >
            <td className="px-3 py-2 font-mono text-sm">{code.code}</td>
            <td className="px-3 py-2">{code.name}</td>
            <td className="px-3 py-2 tabular-nums">{formatTaxRate(code.rate_bp)}</td>
            <td className="px-3 py-2">{TYPE_NAMES[code.type]}</td>
            <td className="px-3 py-2">
              <div className="flex flex-wrap gap-1">
                <Button
                  size="md"
                  variant="outline"
                  onClick={() =>
                    setDraft({
                      code: code.code,
                      name: code.name,
                      rate: formatTaxRate(code.rate_bp).replace(' %', ''),
                      type: code.type,
                    })
                  }
                >
                  Edit
                </Button>
                <Button size="md" variant="dangerOutline" onClick={() => remove(code.code)}>
                  Remove
                </Button>
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
      <form
        onSubmit={save}
        aria-label="Add or change a tax code"
        className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 dark:bg-slate-900 dark:ring-slate-800"
      >
        <TextField
          label="Code"
          hint="e.g. SST8"
          value={draft.code}
          onChange={(event) => set('code', event.target.value)}
          error={failure.fields['code.code']}
        />
        <TextField
          label="Tax name"
          hint="e.g. Service tax 8%"
          value={draft.name}
          onChange={(event) => set('name', event.target.value)}
          error={failure.fields['code.name']}
        />
        <TextField
          label="Rate"
          prefix="%"
          inputMode="decimal"
          value={draft.rate}
          onChange={(event) => set('rate', event.target.value)}
          error={rateError || failure.fields['code.rate_bp']}
        />
        <SelectField
          label="MyInvois tax type"
          value={draft.type}
          onChange={(event) => set('type', event.target.value as TaxCode['type'])}
          error={failure.fields['code.type']}
        >
          {TAX_TYPES.map((type) => (
            <option key={type} value={type}>
              {TYPE_NAMES[type]}
            </option>
          ))}
        </SelectField>
        <div className="sm:col-span-2">
          <FormMessage failure={failure} />
          <Button type="submit" variant="primary" loading={busy}>
            Save tax code
          </Button>
        </div>
      </form>
    </section>
  );
}
