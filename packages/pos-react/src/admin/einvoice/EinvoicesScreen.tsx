import type { EinvoiceSettings } from 'pos-sdk/contract';
import { venueDate } from 'pos-sdk/rules';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePos } from '../../hooks/usePos';
import { formFailure } from '../adminForm';
import { Banner } from '../parts';
import { EinvoiceDocumentsSection } from './EinvoiceDocumentsSection';
import { EinvoiceConfigCard, EinvoiceIdentitySection } from './EinvoiceIdentitySection';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * MyInvois e-invoicing in the back office (the same calls as `pos einvoice`): what the server has configured, a
 * month's e-invoices (the month in the URL, the venue's current one by default) with their states and actions, and
 * the venue's identity as MyInvois's supplier.
 */
export function EinvoicesScreen() {
  const pos = usePos();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('month') ?? '';
  const month = MONTH.test(asked) ? asked : venueDate(new Date(), pos.config.timeZone).slice(0, 7);
  const [settings, setSettings] = useState<EinvoiceSettings | null>(null);
  const [loadFailure, setLoadFailure] = useState('');
  useEffect(() => {
    const controller = new AbortController();
    pos.api.einvoiceSettings({ signal: controller.signal }).then(setSettings, (error: unknown) => {
      if (!controller.signal.aborted) setLoadFailure(formFailure(error).message);
    });
    return () => controller.abort();
  }, [pos]);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">E-invoices</h1>
      <Banner tone="error">{loadFailure}</Banner>
      {settings ? <EinvoiceConfigCard settings={settings} /> : null}
      <EinvoiceDocumentsSection
        month={month}
        onMonth={(value) => setSearch(value === '' ? {} : { month: value }, { replace: true })}
      />
      {settings ? <EinvoiceIdentitySection settings={settings} onSaved={setSettings} /> : null}
    </div>
  );
}
