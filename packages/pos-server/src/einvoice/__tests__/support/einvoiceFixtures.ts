import type { EinvoiceSettingsSetRequest } from 'pos-sdk/contract';
import { type Sen, sen } from 'pos-sdk/money';
import { lineTax } from 'pos-sdk/rules';
import type { EinvoiceInput, EinvoiceLine, EinvoiceSupplier } from '../../einvoiceInput';

/** A gym in Kuala Lumpur, registered for service tax. */
export const GYM: EinvoiceSupplier = {
  name: 'Kinetic Fitness Sdn Bhd',
  tin: 'C20830570210',
  brn: '202005123456',
  sstNo: 'W10-1808-32000001',
  msic: { code: '93118', description: 'Fitness centres' },
  address: {
    lines: ['Lot 12, Level 3', 'Menara Sukan', 'Jalan Tun Razak'],
    city: 'Kuala Lumpur',
    postcode: '50400',
    state: '14',
  },
  phone: '+60321234567',
  email: 'accounts@kinetic.example',
};

/** The gym as the venue's e-invoicing identity: the body of `einvoice/settings/set` (`pos einvoice settings set`). */
export const GYM_IDENTITY = {
  tin: GYM.tin,
  brn: GYM.brn,
  msic_code: GYM.msic.code,
  activity: 'Fitness centre',
  address_line: 'Lot 12, Level 3, Menara Sukan, Jalan Tun Razak',
  city: GYM.address.city,
  postcode: GYM.address.postcode,
  state_code: GYM.address.state,
  phone: GYM.phone,
  email: GYM.email,
} as const satisfies EinvoiceSettingsSetRequest;

/** A line with its amount and tax worked out in sen, the tax as the till computes it (`lineTax`, prices excluding tax). */
export function line(
  description: string,
  quantity: number,
  unitPrice: number,
  options: Partial<
    Pick<EinvoiceLine, 'discount' | 'taxType' | 'taxRateBp' | 'classification' | 'exemptionReason'>
  > = {},
): EinvoiceLine {
  const discount = options.discount ?? sen(0);
  const amount = sen(unitPrice * quantity - discount);
  const taxRateBp = options.taxRateBp ?? 800;
  return {
    description,
    quantity,
    unitPrice: sen(unitPrice),
    discount,
    amount,
    taxType: options.taxType ?? '02',
    taxRateBp,
    tax: lineTax(amount, taxRateBp, 'exclusive'),
    classification: options.classification ?? '013',
    ...(options.exemptionReason === undefined ? {} : { exemptionReason: options.exemptionReason }),
  };
}

/** The totals of some lines, with no rounding. */
export function totalsOf(lines: readonly EinvoiceLine[], rounding: Sen = sen(0)): EinvoiceInput['totals'] {
  const excludingTax = sen(lines.reduce((sum, l) => sum + l.amount, 0));
  const tax = sen(lines.reduce((sum, l) => sum + l.tax, 0));
  return {
    excludingTax,
    discount: sen(lines.reduce((sum, l) => sum + l.discount, 0)),
    tax,
    includingTax: sen(excludingTax + tax),
    rounding,
    payable: sen(excludingTax + tax + rounding),
  };
}

const LINES: EinvoiceLine[] = [
  line('Monthly membership', 1, 15000),
  line('Day pass', 2, 2500, { discount: sen(500), classification: '038' }),
  line('Water bottle', 1, 1990, { taxType: '06', taxRateBp: 0, classification: '022' }),
];

/** An invoice to a member who asked for one in their name, issued at 09:15:30.250 in Kuala Lumpur (01:15:30 UTC). */
export const MEMBER_INVOICE: EinvoiceInput = {
  type: '01',
  number: 'STORE-000123',
  issuedAt: new Date('2026-11-29T09:15:30.250+08:00'),
  supplier: GYM,
  buyer: {
    kind: 'identified',
    name: 'Aminah binti Hassan',
    tin: 'IG12345678901',
    idType: 'NRIC',
    idValue: '900101145678',
    address: { lines: ['12 Jalan Ampang'], city: 'Kuala Lumpur', postcode: '50450', state: '14' },
    phone: '+60123456789',
    email: 'aminah@example.com',
  },
  lines: LINES,
  totals: totalsOf(LINES),
  paymentMode: '04',
};
