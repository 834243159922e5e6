import type { EinvoiceIdentity, EinvoiceSettings, EinvoiceSettingsSetRequest } from 'pos-sdk/contract';
import { EINVOICE_STATES } from 'pos-sdk/rules';
import { type FormEvent, useState } from 'react';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { usePos } from '../../hooks/usePos';
import { useSubmission } from '../adminForm';
import { FormMessage } from '../parts';
import { IDENTITY_LABELS } from './einvoiceView';

type Draft = Record<keyof EinvoiceIdentity, string>;

const draftOf = (settings: EinvoiceSettings): Draft => ({
  tin: settings.tin,
  brn: settings.brn,
  sst_registration_no: settings.sst_registration_no,
  msic_code: settings.msic_code,
  activity: settings.activity,
  address_line: settings.address_line,
  city: settings.city,
  postcode: settings.postcode,
  state_code: settings.state_code,
  country: settings.country,
  phone: settings.phone,
  email: settings.email,
});

/** The fields of the form, in its order, with their hints (the state and country are picked from LHDN's codes). */
const TEXTS: readonly (readonly [keyof EinvoiceIdentity, string])[] = [
  ['tin', "LHDN's tax identification number, e.g. C20830570210"],
  ['brn', 'The SSM registration number, e.g. 202005123456'],
  ['sst_registration_no', 'Empty when not registered (the same as in Settings)'],
  ['msic_code', '93118 for a fitness centre'],
  ['activity', 'e.g. Fitness centre'],
  ['address_line', 'Street and number'],
  ['city', ''],
  ['postcode', '5 digits'],
  ['state_code', ''],
  ['country', ''],
  ['phone', 'e.g. +60321234567'],
  ['email', 'Optional'],
];

/** A fact of the configuration: its name, a badge in words, and what it means. */
function Fact({
  label,
  badge,
  children,
}: {
  label: string;
  badge: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-sm font-semibold text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="flex flex-col items-start gap-1">
        {badge}
        {children ? <span className="text-sm text-slate-700 dark:text-slate-300">{children}</span> : null}
      </dd>
    </div>
  );
}

/**
 * The venue's identity as MyInvois's supplier: the fields of `pos einvoice settings set`, saved (what changed) with
 * the same call, the server's message under each wrong field.
 */
export function EinvoiceIdentitySection({
  settings,
  onSaved,
}: {
  settings: EinvoiceSettings;
  onSaved: (settings: EinvoiceSettings) => void;
}) {
  const pos = usePos();
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [saved, setSaved] = useState('');
  const { busy, failure, run } = useSubmission();
  const before = draftOf(settings);
  const set = (key: keyof Draft, value: string) => {
    setSaved('');
    setDraft({ ...draft, [key]: value });
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    const changes: Partial<Draft> = {};
    for (const key of Object.keys(draft) as (keyof Draft)[])
      if (draft[key] !== before[key]) changes[key] = draft[key];
    if (Object.keys(changes).length === 0) {
      setSaved('Nothing changed');
      return;
    }
    let answer: EinvoiceSettings | undefined;
    void run(async () => {
      answer = await pos.api.einvoiceSettingsSet(changes as EinvoiceSettingsSetRequest);
    }).then((ok) => {
      if (!ok || !answer) return;
      setDraft(draftOf(answer));
      setSaved('E-invoicing identity saved');
      onSaved(answer);
    });
  };
  return (
    <form
      onSubmit={save}
      aria-labelledby="einvoice-identity-heading"
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="einvoice-identity-heading" className="text-xl font-bold">
        E-invoicing identity
      </h2>
      <p className="text-slate-700 dark:text-slate-300">
        The venue as MyInvois's supplier. Its registered name is the venue's name in Settings:{' '}
        <strong>{settings.supplier_name || 'not set'}</strong>.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {TEXTS.map(([key, hint]) =>
          key === 'state_code' ? (
            <SelectField
              key={key}
              label={IDENTITY_LABELS.state_code}
              value={draft.state_code}
              onChange={(event) => set('state_code', event.target.value)}
              error={failure.fields.state_code}
            >
              <option value="">Not set</option>
              {EINVOICE_STATES.map(([code, name]) => (
                <option key={code} value={code}>
                  {code} {name}
                </option>
              ))}
            </SelectField>
          ) : key === 'country' ? (
            <SelectField
              key={key}
              label={IDENTITY_LABELS.country}
              value={draft.country}
              onChange={(event) => set('country', event.target.value)}
              error={failure.fields.country}
            >
              <option value="MYS">MYS Malaysia</option>
              <option value="SGP">SGP Singapore</option>
              {draft.country !== 'MYS' && draft.country !== 'SGP' ? (
                <option value={draft.country}>{draft.country || 'Not set'}</option>
              ) : null}
            </SelectField>
          ) : (
            <TextField
              key={key}
              label={IDENTITY_LABELS[key]}
              hint={
                key === 'msic_code' && settings.msic_description && draft.msic_code === settings.msic_code
                  ? settings.msic_description
                  : hint || undefined
              }
              value={draft[key]}
              onChange={(event) => set(key, event.target.value)}
              error={failure.fields[key]}
              autoComplete="off"
            />
          ),
        )}
      </div>
      <FormMessage failure={failure} />
      <div className="flex items-center gap-3">
        <Button type="submit" variant="primary" loading={busy}>
          Save identity
        </Button>
        {saved ? (
          <span role="status" className="text-slate-700 dark:text-slate-200">
            {saved}
          </span>
        ) : null}
      </div>
    </form>
  );
}

/**
 * What the server has configured for MyInvois (the environment, whether the client ID and secret and the signing key
 * are set: never their values) and what the venue's identity still lacks.
 */
export function EinvoiceConfigCard({ settings }: { settings: EinvoiceSettings }) {
  const missing = settings.missing.map(
    (field) => IDENTITY_LABELS[field as keyof typeof IDENTITY_LABELS] ?? field,
  );
  return (
    <section
      aria-labelledby="einvoice-config-heading"
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
      data-testid="einvoice-config"
    >
      <h2 id="einvoice-config-heading" className="text-xl font-bold">
        MyInvois
      </h2>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Fact
          label="Connection"
          badge={
            settings.environment === null ? (
              <Badge tone="grey">Off</Badge>
            ) : settings.environment === 'sandbox' ? (
              <Badge tone="blue">Sandbox (LHDN preprod)</Badge>
            ) : (
              <Badge tone="green">Production</Badge>
            )
          }
        >
          {settings.environment === null
            ? 'This server sends nothing to MyInvois: its administrator turns it on (POS_EINVOICE_ENV)'
            : null}
        </Fact>
        <Fact
          label="Client ID and secret"
          badge={
            settings.credentials_configured ? (
              <Badge tone="green">Configured</Badge>
            ) : (
              <Badge tone="amber">Missing</Badge>
            )
          }
        >
          Set in the server's environment, never shown here
        </Fact>
        <Fact
          label="Signing key and certificate"
          badge={
            settings.signing_key_configured ? (
              <Badge tone="green">Configured</Badge>
            ) : (
              <Badge tone="amber">Missing</Badge>
            )
          }
        />
        <Fact
          label="Venue's identity"
          badge={
            missing.length === 0 ? (
              <Badge tone="green">Complete</Badge>
            ) : (
              <Badge tone="amber">Incomplete</Badge>
            )
          }
        >
          {missing.length === 0 ? null : (
            <span data-testid="einvoice-missing">Missing: {missing.join(', ')}</span>
          )}
        </Fact>
      </dl>
    </section>
  );
}
