/**
 * A venue's month at the tills, for the sales summary's tests: two stores (STORE with TICKET01 and TICKET02, STORE2
 * with TICKET03 served by a second app on the same database), three cashiers, a shift per terminal and day (counted
 * at the end of the day, a little off now and then), sales at many hours of each day (some just after midnight and
 * just before), discounts, refunds by line and whole, cancels, a membership sold and renewed. Not a test file itself.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type {
  AdminLoginResponse,
  CartItem,
  CatalogExportResponse,
  CheckoutRequest,
  Order,
  PaymentType,
  Receipt,
  SalesSummary,
  ShiftReport,
} from 'pos-sdk/contract';
import {
  addSen,
  fromRinggit,
  parseRinggit,
  type Sen,
  sen,
  subtractSen,
  toRinggit,
  ZERO,
} from 'pos-sdk/money';
import { renewalAmount, venueDateStart, venueDayRange } from 'pos-sdk/rules';
import {
  approve,
  cartItem,
  checkoutBody,
  discounted,
  MEMBER,
  subtotalOf,
} from '../../__tests__/support/saleSupport';
import {
  CASHIER,
  createTestApp,
  createTestClock,
  DEMO_PASSWORD,
  MANAGER,
  type TestApp,
  type TestClock,
  type TestEngine,
} from '../../__tests__/support/testApp';
import { buildApp } from '../../app';
import { readCsvRecords } from '../../catalogue/catalogFile';
import { addStaff } from '../../staff';
import { registerTerminal } from '../../terminals/terminals';

/** The venue's time zone (the default). */
export const TZ = 'Asia/Kuala_Lumpur';

/** A signed-in staff member on one app and terminal. */
export interface Till {
  app: FastifyInstance;
  store: string;
  host: string;
  headers: Record<string, string>;
  /** Their display name, as the export's staff column. */
  name: string;
}

/** sfc32-like small seeded generator: the month is the same on every run. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** POST with a till's headers (and an idempotency key for the money calls). */
export function call(
  till: Till,
  url: string,
  body: unknown = {},
  key?: string,
): Promise<LightMyRequestResponse> {
  return till.app.inject({
    method: 'POST',
    url,
    payload: body as Record<string, unknown>,
    headers: { ...till.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
  });
}

/** Like {@link call}, throwing on anything but 200. */
export async function ok<T>(till: Till, url: string, body: unknown = {}, key?: string): Promise<T> {
  const response = await call(till, url, body, key);
  if (response.statusCode !== 200) throw new Error(`${url} ${response.statusCode}: ${response.body}`);
  return response.json<T>();
}

/** Signs in on `app` from `host` (already registered in the app's store). */
export async function signInOn(
  app: FastifyInstance,
  email: string,
  host: string,
  store: string,
): Promise<Till> {
  const signIn = await app.inject({
    method: 'POST',
    url: '/v1/identity/sign_in',
    payload: { email, password: DEMO_PASSWORD },
  });
  const login = await app.inject({
    method: 'POST',
    url: '/v1/admin_login',
    headers: { 'x-host-name': host },
    payload: { idToken: signIn.json<{ idToken: string }>().idToken },
  });
  if (login.statusCode !== 200) throw new Error(`admin_login: ${login.body}`);
  const { userToken, profile } = login.json<AdminLoginResponse>();
  return {
    app,
    store,
    host,
    headers: { authorization: `Bearer ${userToken}`, 'x-host-name': host },
    name: `${profile.name.first} ${profile.name.last}`,
  };
}

/** A second app on the test app's database, selling for `store` (its catalogue copied from STORE's). */
export async function secondStore(
  t: TestApp,
  clock: TestClock,
  store: string,
  manager: Till,
): Promise<FastifyInstance> {
  const app = await buildApp({ db: t.db, config: { ...t.config, store }, clock, checkResponses: true });
  const exported = await ok<CatalogExportResponse>(manager, '/v1/admin/catalog/export', { format: 'csv' });
  await registerTerminal(t.db, { id: 'OFFICE02', store, by: 'test', now: clock() });
  const there = await signInOn(app, MANAGER, 'OFFICE02', store);
  await ok(there, '/v1/admin/catalog/import', { format: exported.format, content: exported.content });
  return app;
}

/** A checkout body paid by `tenders` (`exact cash` when none), with its change. */
export function paid(
  items: CartItem[],
  store: string,
  how: 'cash' | 'rounded' | PaymentType | 'split',
  email = 'guest@example.com',
): CheckoutRequest {
  const subtotal = subtotalOf(items);
  const ringgit = toRinggit(subtotal);
  const tenders: [PaymentType, number][] =
    how === 'cash'
      ? [['CASH', ringgit]]
      : how === 'rounded'
        ? [['CASH', toRinggit(sen(Math.ceil(subtotal / 5000) * 5000))]]
        : how === 'split'
          ? [
              ['CREDIT CARD', toRinggit(sen(Math.floor(subtotal / 200) * 100))],
              [
                'CASH',
                toRinggit(sen(Math.ceil((subtotal - Math.floor(subtotal / 200) * 100) / 1000) * 1000)),
              ],
            ]
          : [[how, ringgit]];
  return { ...checkoutBody(items, { tenders, email }), origin: store };
}

/** A renewal of `months` for the demo member, paid in cash. */
export function renewal(months: number, now: Date): CheckoutRequest {
  const item = cartItem('RENEW-1M', months, now, { member: { type: 'Adult', sku: 'RENEW-1M', ...MEMBER } });
  const price = renewalAmount(fromRinggit(120), months);
  return {
    ...checkoutBody([item], { email: MEMBER.email }),
    subtotal: toRinggit(price),
    payment: { methods: [{ type: 'CASH', amount: toRinggit(price) }], change: 0 },
  };
}

/** The instants of the venue days `from` to `to` (both included), as the export's period. */
export function exportPeriod(from: string, to: string): { from: string; to: string } {
  const start = venueDateStart(from, TZ) as Date;
  const end = venueDayRange(venueDateStart(to, TZ) as Date, TZ).end;
  return { from: start.toISOString(), to: end.toISOString() };
}

/** A summary's figures recomputed from export CSV rows: what the CSV can give. */
export interface CsvFigures {
  totals: Omit<SalesSummary['totals'], 'average_sale'>;
  by_day: SalesSummary['by_day'];
  by_hour: SalesSummary['by_hour'];
  by_staff: SalesSummary['by_staff'];
  by_terminal: SalesSummary['by_terminal'];
  /** Money taken less change and refunds, over every method. */
  methods: number;
}

const money = (cell: string | undefined): Sen => {
  const parsed = parseRinggit(cell ?? '');
  if (parsed === undefined) throw new Error(`not an amount: ${cell}`);
  return parsed;
};

/** Adds up export CSV texts (header and records each) of the venue days `days` as the sales summary defines it. */
export function figuresOfCsv(texts: readonly string[], days: readonly string[]): CsvFigures {
  const rows = texts.flatMap((text) => {
    const [header, ...records] = readCsvRecords(text);
    const names = header?.cells ?? [];
    return records.map((record) => Object.fromEntries(names.map((name, i) => [name, record.cells[i] ?? ''])));
  });
  const sold = rows.filter((row) => row.status !== 'CANCELED');
  type Slice = { orders: number; net: Sen };
  const add = (map: Map<string, Slice>, key: string, row: Record<string, string>) => {
    const slice = map.get(key) ?? { orders: 0, net: ZERO };
    slice.orders += 1;
    slice.net = addSen(slice.net, subtractSen(money(row.total_amount), money(row.refunded)));
    map.set(key, slice);
  };
  const byDay = new Map<string, Slice>(days.map((day) => [day, { orders: 0, net: ZERO }]));
  const byHour = new Map<string, Slice>(
    Array.from({ length: 24 }, (_, hour) => [String(hour), { orders: 0, net: ZERO }]),
  );
  const byStaff = new Map<string, Slice>();
  const byTerminal = new Map<string, Slice>();
  let gross = ZERO;
  let refunds = ZERO;
  let discounts = ZERO;
  let methods = ZERO;
  for (const row of sold) {
    // DD-MM-YYYY HH:mm:ss in the venue's time zone.
    const [dd, mm, yyyy, hh] = (row.date ?? '').split(/[- :]/);
    add(byDay, `${yyyy}-${mm}-${dd}`, row);
    add(byHour, String(Number(hh)), row);
    add(byStaff, row.staff ?? '', row);
    add(byTerminal, row.terminal ?? '', row);
    gross = addSen(gross, money(row.total_amount));
    refunds = addSen(refunds, money(row.refunded));
    discounts = addSen(discounts, money(row.discount));
    const taken = subtractSen(
      addSen(addSen(money(row.cash), money(row.card)), money(row.ewallet)),
      money(row.change),
    );
    methods = addSen(methods, subtractSen(taken, money(row.refunded)));
  }
  const list = (map: Map<string, Slice>) =>
    [...map].map(([key, slice]) => ({ key, orders: slice.orders, net_sales: toRinggit(slice.net) }));
  const bySales = <T extends { net_sales: number; orders: number }>(a: T, b: T) =>
    b.net_sales - a.net_sales || b.orders - a.orders;
  return {
    totals: {
      net_sales: toRinggit(subtractSen(gross, refunds)),
      gross_sales: toRinggit(gross),
      orders: sold.length,
      refunds: toRinggit(refunds),
      refunded_orders: sold.filter((row) => money(row.refunded) > 0).length,
      discounts: toRinggit(discounts),
      canceled_orders: rows.length - sold.length,
    },
    by_day: list(byDay).map(({ key, ...slice }) => ({ day: key, ...slice })),
    by_hour: list(byHour).map(({ key, ...slice }) => ({ hour: Number(key), ...slice })),
    by_staff: list(byStaff)
      .map(({ key, ...slice }) => ({ staff: key, ...slice }))
      .sort(bySales),
    by_terminal: list(byTerminal)
      .map(({ key, ...slice }) => ({ terminal: key, ...slice }))
      .sort(bySales),
    methods: toRinggit(methods),
  };
}

/** The month's fixture: the apps, the tills and the period. */
export interface VenueMonth {
  t: TestApp;
  second: FastifyInstance;
  clock: TestClock;
  manager: Till;
  tills: Till[];
  /** The month summed (March 2026); the last day of February and the first of April are sold in too. */
  from: string;
  to: string;
  close(): Promise<void>;
}

/** Local time `hh:mm` of venue day `day` (Kuala Lumpur, UTC+8) as an instant. */
const at = (day: string, hh: number, mm: number) =>
  new Date((venueDateStart(day, TZ) as Date).getTime() + (hh * 60 + mm) * 60_000);

const addDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** What each till sells from. */
const PRODUCTS = ['DAY-ADULT', 'DAY-CHILD', 'GRIP-S', 'GRIP-M', 'BOTTLE-750', 'PUNCH-10', 'GROUP-5'];
const PAYMENTS = ['cash', 'rounded', 'CREDIT CARD', 'E-WALLET', 'split'] as const;

/**
 * Builds the month on `engine`: every day from 28 February to 1 April 2026 (the period is March), at the three tills.
 */
export async function buildVenueMonth(engine: TestEngine): Promise<VenueMonth> {
  const first = '2026-02-28';
  const last = '2026-04-01';
  const clock = createTestClock(at(first, 0, 1));
  const t = await createTestApp({ engine, clock, config: { tokenTtlHours: 24 * 60 } });
  let second: FastifyInstance | undefined;
  try {
    for (const [email, firstName] of [
      ['bo@demo.pos', 'Bo'],
      ['cy@demo.pos', 'Cy'],
    ] as const) {
      await addStaff(
        t.db,
        { email, firstName, lastName: 'Cashier', password: DEMO_PASSWORD, pin: '3333' },
        clock(),
      );
    }
    await t.registerTerminal('TICKET02');
    await t.registerTerminal('OFFICE01');
    const manager = await signInOn(t.app, MANAGER, 'OFFICE01', 'STORE');
    second = await secondStore(t, clock, 'STORE2', manager);
    await registerTerminal(t.db, { id: 'TICKET03', store: 'STORE2', by: 'test', now: clock() });
    const tills = [
      await signInOn(t.app, CASHIER, 'TICKET01', 'STORE'),
      await signInOn(t.app, 'bo@demo.pos', 'TICKET02', 'STORE'),
      await signInOn(second, 'cy@demo.pos', 'TICKET03', 'STORE2'),
    ];
    const random = seeded(2026);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

    for (let day = first; day <= last; day = addDay(day, 1)) {
      clock.set(at(day, 0, 5));
      for (const till of tills) {
        await ok(till, '/v1/admin/start_shift');
        await ok(till, '/v1/admin/set_float', { float: 200 });
      }
      // Sales at several hours: a few minutes after midnight, through the day, a few minutes before the next.
      const times = [
        [0, 20],
        [9, 5],
        [11, 40],
        [14, 15],
        [18, 30],
        [21, 50],
        [23, 40],
      ].filter(([hh]) => hh === 14 || random() < 0.7);
      const sold: { till: Till; receipt: Receipt }[] = [];
      // Later the same day: refunds by line, whole refunds and cancels of some of the day's sales so far.
      const reverseSome = async () => {
        clock.set(at(day, 23, 0));
        for (const sale of sold.splice(0)) {
          const roll = random();
          if (roll > 0.3) continue;
          clock.advance(30_000);
          const { order } = sale.receipt;
          const invoice = order.invoice?._id;
          if (roll < 0.1) {
            await ok(
              sale.till,
              '/v1/admin/cancel_order',
              { order_id: order._id, reason: 'Mistake' },
              randomUUID(),
            );
          } else if (roll < 0.2) {
            await ok(
              sale.till,
              '/v1/admin/refund_order',
              { invoice_id: invoice, message: 'Changed mind' },
              randomUUID(),
            );
          } else {
            const line = order.order_details.cart.items[0] as CartItem;
            const refunded = await ok<Order>(
              sale.till,
              '/v1/admin/refund_order',
              { invoice_id: invoice, message: 'One back', items: [{ sku: line.sku, quantity: 1 }] },
              randomUUID(),
            );
            if (refunded.status === 'PAID' && random() < 0.3) {
              // And the rest, later: the order ends REFUNDED.
              clock.advance(30_000);
              await ok(
                sale.till,
                '/v1/admin/refund_order',
                { invoice_id: invoice, message: 'All back' },
                randomUUID(),
              );
            }
          }
        }
      };
      for (const [hh, mm] of times) {
        if (hh === 23) await reverseSome();
        for (const till of tills) {
          if (random() < 0.2) continue;
          clock.set(at(day, hh as number, (mm as number) + Math.floor(random() * 9)));
          const items: CartItem[] = [];
          const count = 1 + Math.floor(random() * 3);
          for (const sku of [...PRODUCTS].sort(() => random() - 0.5).slice(0, count)) {
            let item = cartItem(sku, sku === 'GROUP-5' ? 5 : 1 + Math.floor(random() * 3), clock());
            if (random() < 0.15) {
              const approval = await approve(t, { token: '', profile: {} as never, headers: till.headers });
              item = discounted(
                item,
                random() < 0.5 ? { type: 'percentage', value: 10 } : { type: 'amount', value: 5 },
                approval,
              );
            }
            items.push(item);
          }
          const body = paid(items, till.store, pick(PAYMENTS));
          sold.push({ till, receipt: await ok<Receipt>(till, '/v1/checkout', body, randomUUID()) });
        }
        if (hh === 14 && day === '2026-03-03') {
          const till = tills[0] as Till;
          const membership = checkoutBody([cartItem('MEMBER-1M', 1, clock())], {
            email: MEMBER.email,
            tenders: [['CREDIT CARD', 120]],
          });
          await ok<Receipt>(till, '/v1/checkout', membership, randomUUID());
        }
        if (hh === 14 && day === '2026-03-17') {
          await ok(tills[1] as Till, '/v1/renew_membership', renewal(2, clock()), randomUUID());
        }
      }
      if (!times.some(([hh]) => hh === 23)) await reverseSome();
      if (day === last) continue;
      clock.set(at(day, 23, 56));
      for (const till of tills) {
        const report = await ok<ShiftReport>(till, '/v1/admin/shift_report');
        const off = random() < 0.3 ? 1 : 0;
        await ok(till, '/v1/admin/end_shift', {
          cash: toRinggit(addSen(fromRinggit(report.expected.cash), sen(off * 100))),
          card: report.expected.card,
          ewallet: report.expected.ewallet,
        });
      }
    }
    const built = second;
    return {
      t,
      second: built,
      clock,
      manager,
      tills,
      from: '2026-03-01',
      to: '2026-03-31',
      async close() {
        await built.close();
        await t.close();
      },
    };
  } catch (error) {
    await second?.close();
    await t.close();
    throw error;
  }
}

/** The export CSV of a store over the venue days `from` to `to`, through the real export endpoint. */
export async function exportCsv(till: Till, store: string, from: string, to: string): Promise<string> {
  const response = await call(till, '/v1/admin/export_order_report', {
    origin: store,
    period: exportPeriod(from, to),
  });
  if (response.statusCode !== 200) throw new Error(`export ${response.statusCode}: ${response.body}`);
  return response.body;
}
