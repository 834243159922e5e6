/**
 * Helpers shared by the sale, orders, tickets, membership, export and concurrency suites: building wire carts
 * from the demo catalogue (the same shapes the SDK sends), opening a shift, approving a discount, checking out.
 * Not a test file itself.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { CartItem, CartMember, CheckoutRequest, PaymentType, Receipt } from 'pos-sdk/contract';
import { fromRinggit, type Sen, sumSen, toRinggit } from 'pos-sdk/money';
import { computeChange, computeDiscount, lineAmount, venueDayStart } from 'pos-sdk/rules';
import { DEMO_MERCHANDISE, DEMO_PASSES } from '../../demo/seedDemo';
import { demoPin, MANAGER, type TestApp, type TestSession } from './testApp';

/** The venue's time zone in the tests (the default). */
export const TZ = 'Asia/Kuala_Lumpur';

/** A member for Membership items. */
export const MEMBER: CartMember = {
  name: 'Mei Ling',
  email: 'mei@example.com',
  dob: '1990-05-17',
  phone: { country_code: '60', number: '123456789' },
};

/** A demo pass or merchandise variant as a wire cart item (as `toWireCartItem` of the SDK makes it). */
export function cartItem(
  sku: string,
  quantity = 1,
  now = new Date(),
  extra: Partial<CartItem> = {},
): CartItem {
  for (const pass of DEMO_PASSES) {
    const variant = pass.variants.find((candidate) => candidate.sku === sku);
    if (variant === undefined) continue;
    return {
      sku,
      name: pass.name,
      category: pass.category,
      group: variant.group,
      quantity,
      min_qty: variant.minQty,
      usage_limit: variant.usageLimit,
      duration: { value: variant.duration[0], unit: variant.duration[1] },
      visit_date: venueDayStart(now, TZ).toISOString(),
      type: 'PASS',
      price: { value: variant.price, currency: 'MYR' },
      ...(pass.category === 'Membership' ? { member: { type: variant.group, sku, ...MEMBER } } : {}),
      ...extra,
    };
  }
  for (const product of DEMO_MERCHANDISE) {
    const variant = product.variants.find(([candidate]) => candidate === sku);
    if (variant === undefined) continue;
    return {
      sku,
      name: product.name,
      category: 'Merchandise',
      group: variant[1],
      quantity,
      type: 'MERCHANDISE',
      price: { value: variant[2], currency: 'MYR' },
      ...extra,
    };
  }
  throw new Error(`No demo sku ${sku}`);
}

/** The amount of a wire line in sen (price × quantity − discount). */
const lineSen = (item: CartItem): Sen =>
  lineAmount({
    price: fromRinggit(item.price.value),
    quantity: item.quantity,
    discount: item.discount ? { ...item.discount, amount: fromRinggit(item.discount.amount) } : null,
  });

/** The subtotal of wire items in sen. */
export function subtotalOf(items: readonly CartItem[]): Sen {
  return sumSen(items.map(lineSen));
}

/**
 * A checkout body with consistent totals: `tenders` as `[type, ringgit]` (default: exact cash), change computed.
 */
export function checkoutBody(
  items: CartItem[],
  options: { tenders?: [PaymentType, number][]; email?: string } = {},
): CheckoutRequest {
  const subtotal = subtotalOf(items);
  const tenders = options.tenders ?? [['CASH', toRinggit(subtotal)]];
  const { change } = computeChange(
    subtotal,
    tenders.map(([, amount]) => ({ amount: fromRinggit(amount) })),
  );
  return {
    origin: 'STORE',
    email: options.email ?? '',
    items,
    num_items: items.reduce((count, item) => count + item.quantity, 0),
    subtotal: toRinggit(subtotal),
    payment: { methods: tenders.map(([type, amount]) => ({ type, amount })), change: toRinggit(change) },
  };
}

/** Starts the terminal's shift and sets a float (RM 100 by default). */
export async function openShift(t: TestApp, session: TestSession, float = 100): Promise<void> {
  const started = await t.post(session, '/v1/admin/start_shift');
  if (started.statusCode !== 200) throw new Error(`start_shift: ${started.body}`);
  const set = await t.post(session, '/v1/admin/set_float', { float });
  if (set.statusCode !== 200) throw new Error(`set_float: ${set.body}`);
}

/** The id of a demo staff member. */
export async function staffId(t: TestApp, email: string): Promise<string> {
  const row = await t.db
    .selectFrom('staff')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A single-use discount approval from the approver's PIN (default: the manager). */
export async function approve(t: TestApp, session: TestSession, approverEmail = MANAGER) {
  const approver = await staffId(t, approverEmail);
  const response = await t.post(session, '/v1/admin/verify_pin', { approver, pin: demoPin(approverEmail) });
  if (response.statusCode !== 200) throw new Error(`verify_pin: ${response.body}`);
  return { approver, approval: response.json<{ approval: string }>().approval };
}

/** A line with a discount computed by the SDK's rule, approved by `approval`. */
export function discounted(
  item: CartItem,
  discount: { type: 'amount' | 'percentage'; value: number },
  approval: { approver: string; approval?: string },
): CartItem {
  const computed = computeDiscount(discount, {
    price: fromRinggit(item.price.value),
    quantity: item.quantity,
  });
  if (!computed.ok) throw new Error(computed.message);
  return { ...item, discount: { ...discount, amount: toRinggit(computed.value.amount), ...approval } };
}

/** POST /v1/checkout with the session's headers and an optional Idempotency-Key. */
export function postCheckout(
  t: TestApp,
  session: TestSession,
  body: unknown,
  key?: string,
  url = '/v1/checkout',
): Promise<LightMyRequestResponse> {
  return t.inject({
    method: 'POST',
    url,
    payload: body as Record<string, unknown>,
    headers: { ...session.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
  });
}

/** Checks out and returns the receipt (throws on anything but 200). */
export async function sell(t: TestApp, session: TestSession, body: CheckoutRequest): Promise<Receipt> {
  const response = await postCheckout(t, session, body);
  if (response.statusCode !== 200) throw new Error(`checkout ${response.statusCode}: ${response.body}`);
  return response.json<Receipt>();
}

/** A valid JPEG header followed by padding: what the face photo checks look at. */
export function jpegBytes(size = 64): Buffer {
  const bytes = Buffer.alloc(size, 0);
  bytes.set([0xff, 0xd8, 0xff, 0xe0], 0);
  bytes.set([0xff, 0xd9], size - 2);
  return bytes;
}

/** A multipart body with one part (default field `file`, `${name}` as the filename). */
export function multipart(
  content: Buffer,
  options: { field?: string; filename?: string; type?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----pos-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.filename ?? 'photo.jpg'}"\r\nContent-Type: ${options.type ?? 'image/jpeg'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** How many orders the test app's database holds. */
export async function ordersCount(t: TestApp): Promise<number> {
  const row = await t.db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
