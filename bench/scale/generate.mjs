// The rows of the scale benchmark's database (`npm run bench:scale`), the same on SQLite and PostgreSQL:
// deterministic (a seeded generator), in chronological order, shaped like what the server's checkout writes.
//
// - Orders: `days` of history at about HISTORY_PER_DAY orders a day (09:00 to 22:00 venue time) and `today`
//   orders between the start of today's venue day and now. 97 % PAID, 2 % REFUNDED, 1 % CANCELED (the same day).
// - Lines: 1 to 3 distinct products of the demo catalogue (no membership), passes with their visit date; 4 % of
//   lines carry a discount approved by a manager. One ticket per pass unit (Canceled with a reversed order).
// - Tenders: one (cash rounded up with change, card, e-wallet) or a split card + cash.
// - An invoice per order, numbered in time order; the store's invoice counter ends at the last number.
// - Customer emails for 75 % of orders, from a pool of customers (regulars buy more often); the mail outbox rows
//   the sale (receipt, passes) and a refund queued for them, delivered.
// - Shifts: one per terminal and day (today's still open), by one of the staff.
// Not generated (not read by get_orders or the export): audit log, ticket uses, mail attempts, members.

/** Orders of a history day. */
export const HISTORY_PER_DAY = 900;

/** The generated tables: columns in insert order, with their PostgreSQL types (for `unnest`). */
export const TABLES = {
  shifts: {
    id: 'text',
    terminal_id: 'text',
    store: 'text',
    staff_id: 'text',
    opened_at: 'text',
    closed_at: 'text',
    closed_by: 'text',
    counted_cash_sen: 'bigint',
    counted_card_sen: 'bigint',
    counted_ewallet_sen: 'bigint',
  },
  orders: {
    id: 'text',
    kind: 'text',
    store: 'text',
    terminal_id: 'text',
    shift_id: 'text',
    staff_id: 'text',
    status: 'text',
    currency: 'text',
    customer_email: 'text',
    num_items: 'integer',
    subtotal_sen: 'bigint',
    discount_sen: 'bigint',
    total_sen: 'bigint',
    tendered_sen: 'bigint',
    change_sen: 'bigint',
    created_at: 'text',
    canceled_at: 'text',
    canceled_by: 'text',
    cancel_reason: 'text',
    refunded_at: 'text',
    refunded_by: 'text',
    refund_reason: 'text',
    reversed_in_shift_id: 'text',
    // The export's copies (migration 0015), written here: triggers are off during a PostgreSQL load.
    invoice_id: 'text',
    lines_json: 'text',
    cash_sen: 'bigint',
    card_sen: 'bigint',
    ewallet_sen: 'bigint',
  },
  order_items: {
    id: 'text',
    order_id: 'text',
    position: 'integer',
    type: 'text',
    sku: 'text',
    name: 'text',
    category: 'text',
    variant_group: 'text',
    quantity: 'integer',
    unit_price_sen: 'bigint',
    amount_sen: 'bigint',
    discount_type: 'text',
    discount_value_hundredths: 'bigint',
    discount_sen: 'bigint',
    discount_approver_id: 'text',
    total_sen: 'bigint',
    min_qty: 'integer',
    usage_limit: 'integer',
    visit_date: 'text',
    member_id: 'text',
  },
  tenders: { id: 'text', order_id: 'text', position: 'integer', method: 'text', amount_sen: 'bigint' },
  tickets: {
    id: 'text',
    order_id: 'text',
    order_item_id: 'text',
    store: 'text',
    sku: 'text',
    pass_name: 'text',
    category: 'text',
    variant_group: 'text',
    visit_date: 'text',
    usage_limit: 'integer',
    shareable: 'integer',
    quantity: 'integer',
    status: 'text',
    allow_redeem: 'integer',
    member_id: 'text',
    valid_from: 'text',
    expires_at: 'text',
    created_at: 'text',
    canceled_at: 'text',
  },
  invoices: { id: 'text', store: 'text', number: 'bigint', order_id: 'text', issued_at: 'text' },
  mail_outbox: {
    id: 'text',
    event_key: 'text',
    kind: 'text',
    to_address: 'text',
    order_id: 'text',
    status: 'text',
    attempts: 'integer',
    next_attempt_at: 'text',
    lease_owner: 'text',
    lease_until: 'text',
    last_error: 'text',
    message_id: 'text',
    created_at: 'text',
    sent_at: 'text',
  },
};

/** The tables of an order batch, in the order they are inserted (parents first). */
export const BATCH_TABLES = ['orders', 'order_items', 'tenders', 'tickets', 'invoices', 'mail_outbox'];

/** sfc32: a small, fast, seeded generator of floats in [0, 1) (and raw 32-bit words). */
export function seeded(seed) {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const word = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (a + b + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 15; i += 1) word();
  const random = () => word() / 4294967296;
  random.word = word;
  return random;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
const hex32 = (w) => HEX[w >>> 24] + HEX[(w >>> 16) & 255] + HEX[(w >>> 8) & 255] + HEX[w & 255];

/** A version 4 UUID from the generator (the server's ids are `randomUUID()`). */
function uuid(random) {
  const a = hex32(random.word());
  const b = hex32((random.word() & 0xffff0fff) | 0x4000);
  const c = hex32((random.word() & 0x3fffffff) | 0x80000000);
  const d = hex32(random.word());
  return `${a}-${b.slice(0, 4)}-${b.slice(4)}-${c.slice(0, 4)}-${c.slice(4)}${d}`;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** A ticket id as `newTicketId` makes them: `T` and 10 Crockford base32 characters. */
function ticketId(random) {
  const w1 = random.word();
  const w2 = random.word();
  let id = 'T';
  for (let i = 0; i < 6; i += 1) id += CROCKFORD[(w1 >>> (i * 5)) & 31];
  for (let i = 0; i < 4; i += 1) id += CROCKFORD[(w2 >>> (i * 5)) & 31];
  return id;
}

const FIRST = [
  'ahmad',
  'nurul',
  'siti',
  'muhammad',
  'aisyah',
  'farah',
  'amir',
  'hafiz',
  'izzat',
  'nadia',
  'wei',
  'jia',
  'mei',
  'jun',
  'hui',
  'kai',
  'li',
  'xin',
  'yong',
  'chee',
  'priya',
  'ravi',
  'arjun',
  'kavitha',
  'suresh',
  'deepa',
  'anand',
  'lakshmi',
  'daniel',
  'sarah',
  'michael',
  'emily',
  'james',
  'chloe',
  'ryan',
  'hannah',
  'lucas',
  'sofia',
  'adam',
  'aina',
  'irfan',
  'syafiq',
  'alya',
  'hana',
  'zara',
  'ethan',
  'mia',
  'nathan',
];
const LAST = [
  'tan',
  'lim',
  'lee',
  'ng',
  'wong',
  'chan',
  'goh',
  'ong',
  'teo',
  'chong',
  'abdullah',
  'rahman',
  'ismail',
  'hassan',
  'ibrahim',
  'yusof',
  'aziz',
  'hamid',
  'kumar',
  'raj',
  'nair',
  'pillai',
  'singh',
  'menon',
  'das',
  'smith',
  'brown',
  'wilson',
  'taylor',
  'martin',
  'low',
  'yap',
  'foo',
  'koh',
  'chua',
  'ho',
  'leong',
  'loh',
];
const DOMAINS = [
  ['gmail.com', 46],
  ['yahoo.com', 14],
  ['hotmail.com', 10],
  ['outlook.com', 8],
  ['icloud.com', 6],
  ['live.com.my', 3],
  ['yahoo.com.my', 4],
  ['protonmail.com', 2],
  ['um.edu.my', 2],
  ['company.com.my', 5],
];
const DOMAIN_TOTAL = DOMAINS.reduce((sum, [, weight]) => sum + weight, 0);

/** The email of customer `n` (the same for every run): `siti.tan87@gmail.com`, `weilim.2301@yahoo.com` … */
export function customerEmail(n) {
  const random = seeded(0x5eed0000 + n);
  const first = FIRST[Math.floor(random() * FIRST.length)];
  const last = LAST[Math.floor(random() * LAST.length)];
  let pick = random() * DOMAIN_TOTAL;
  let domain = DOMAINS[0][0];
  for (const [name, weight] of DOMAINS) {
    pick -= weight;
    if (pick < 0) {
      domain = name;
      break;
    }
  }
  const style = random();
  const digits = String(n % 10000).padStart(2, '0');
  const local =
    style < 0.45
      ? `${first}.${last}${digits}`
      : style < 0.7
        ? `${first}${last}.${digits}`
        : style < 0.85
          ? `${first}_${last}${digits}`
          : `${first[0]}${last}${digits}`;
  return `${local}@${domain}`;
}

const HOUR = 3_600_000;
const MINUTE = 60_000;
const STATUS_WEIGHTS = { refunded: 0.02, canceled: 0.01 };

/**
 * The generator of one database's rows.
 *
 * @param options.orders   orders in all
 * @param options.today    of which today (venue day of `now`)
 * @param options.now      the generation time
 * @param options.timeZone the venue's time zone
 * @param options.store    the store code
 * @param options.cashiers staff ids who sell; options.managers approve discounts and refund
 * @param options.terminals terminal ids
 * @param options.catalogue the sellable products: `{type, sku, name, category, group, price, minQty, usageLimit, duration, weight}`
 * @param options.sdk      pos-sdk (venue day helpers); options.ticketValidity from pos-server
 */
export function createGenerator(options) {
  const {
    orders: total,
    today,
    now,
    timeZone,
    store,
    cashiers,
    managers,
    terminals,
    catalogue,
    sdk,
  } = options;
  const history = total - today;
  const days = history > 0 ? Math.max(1, Math.ceil(history / HISTORY_PER_DAY)) : 0;
  const todayStart = sdk.venueDayStart(now, timeZone).getTime();
  const customers = Math.max(500, Math.round(total * 0.12));
  const random = seeded(0xc0ffee ^ total);

  // Day 0 is the oldest; day `days` is today.
  const dayInfo = [];
  for (let offset = days; offset >= 0; offset -= 1) {
    const start =
      offset === 0
        ? todayStart
        : sdk.venueDayStart(new Date(todayStart - offset * 24 * HOUR + 12 * HOUR), timeZone).getTime();
    dayInfo.push({ start, date: sdk.venueDate(new Date(start + 12 * HOUR), timeZone), shifts: [] });
  }
  const shiftRows = [];
  for (const [index, day] of dayInfo.entries()) {
    const isToday = index === days;
    for (const terminal of terminals) {
      const staff = cashiers[Math.floor(random() * cashiers.length)];
      const shift = { id: uuid(random), terminal, staff };
      day.shifts.push(shift);
      shiftRows.push([
        shift.id,
        terminal,
        store,
        staff,
        new Date(day.start + (isToday ? 1 : 8.75 * 60) * MINUTE).toISOString(),
        isToday ? null : new Date(day.start + 22.25 * HOUR).toISOString(),
        isToday ? null : staff,
        isToday ? null : 0,
        isToday ? null : 0,
        isToday ? null : 0,
      ]);
    }
  }

  const weightTotal = catalogue.reduce((sum, product) => sum + product.weight, 0);
  const pickProduct = () => {
    let pick = random() * weightTotal;
    for (const product of catalogue) {
      pick -= product.weight;
      if (pick < 0) return product;
    }
    return catalogue[catalogue.length - 1];
  };
  const quantityOf = (product) => {
    if (product.minQty > 1) return product.minQty + Math.floor(random() * 4);
    if (product.type === 'MERCHANDISE') return random() < 0.85 ? 1 : 2;
    if (product.usageLimit !== 1) return 1;
    const r = random();
    return r < 0.5 ? 1 : r < 0.8 ? 2 : r < 0.95 ? 3 : 4;
  };
  const validity = new Map();
  const validityOf = (date, duration) => {
    const key = `${date}|${duration.value}|${duration.unit}`;
    let found = validity.get(key);
    if (found === undefined) {
      const { validFrom, expiresAt } = options.ticketValidity(date, duration, timeZone);
      found = [validFrom.toISOString(), expiresAt.toISOString()];
      validity.set(key, found);
    }
    return found;
  };

  /** The time of order `n` (0 … total − 1) and its day's index, in time order. */
  const timeOf = (n) => {
    if (n >= history) {
      const i = n - history;
      const span = Math.max(1, now.getTime() - todayStart);
      return { at: todayStart + Math.floor(((i + random()) / today) * span), day: days };
    }
    const day = Math.floor((n * days) / history);
    const first = Math.ceil((day * history) / days);
    const count = Math.ceil(((day + 1) * history) / days) - first;
    const at = dayInfo[day].start + 9 * HOUR + Math.floor(((n - first + random()) / count) * 13 * HOUR);
    return { at, day };
  };

  let rows;
  /** An outbox row of an order, delivered a few seconds after it was queued. */
  const mail = (eventKey, kind, to, orderId, at, time) => {
    rows.mail_outbox.push([
      uuid(random),
      eventKey,
      kind,
      to,
      orderId,
      'sent',
      1,
      time,
      null,
      null,
      null,
      `<${uuid(random)}@pos.local>`,
      time,
      new Date(at + 2000 + Math.floor(random() * 3000)).toISOString(),
    ]);
  };

  let next = 0;
  return {
    days,
    customers,
    shifts: shiftRows,
    /** The next batch of at most `size` orders, as rows per table (empty arrays when done). */
    batch(size) {
      rows = Object.fromEntries(BATCH_TABLES.map((table) => [table, []]));
      const end = Math.min(total, next + size);
      for (; next < end; next += 1) {
        const { at, day } = timeOf(next);
        const info = dayInfo[day];
        const shift = info.shifts[Math.floor(random() * info.shifts.length)];
        const createdAt = new Date(at).toISOString();
        const orderId = uuid(random);
        const r = random();
        const status =
          r < STATUS_WEIGHTS.refunded
            ? 'REFUNDED'
            : r < STATUS_WEIGHTS.refunded + STATUS_WEIGHTS.canceled
              ? 'CANCELED'
              : 'PAID';
        const reversedMs = at + (10 + Math.floor(random() * 50)) * MINUTE;
        const reversedAt = status === 'PAID' ? null : new Date(reversedMs).toISOString();
        const email = random() < 0.75 ? customerEmail(Math.floor(customers * random() ** 2)) : null;

        const lineCount = ((x) => (x < 0.55 ? 1 : x < 0.85 ? 2 : 3))(random());
        const products = [];
        while (products.length < lineCount) {
          const product = pickProduct();
          if (!products.includes(product)) products.push(product);
        }
        let gross = 0;
        let discount = 0;
        let numItems = 0;
        let ticketCount = 0;
        const lines = [];
        for (const [index, product] of products.entries()) {
          const quantity = quantityOf(product);
          lines.push([quantity, product.name, product.group]);
          const amount = product.price * quantity;
          let discountType = null;
          let discountValue = null;
          let discountSen = 0;
          let approver = null;
          if (random() < 0.04) {
            approver = managers[Math.floor(random() * managers.length)];
            if (random() < 0.5) {
              discountType = 'percentage';
              discountValue = 1000;
              discountSen = Math.round(amount / 10);
            } else {
              discountType = 'amount';
              discountValue = 500;
              discountSen = Math.min(amount, 500);
            }
          }
          const isPass = product.type === 'PASS';
          const itemId = uuid(random);
          rows.order_items.push([
            itemId,
            orderId,
            index + 1,
            product.type,
            product.sku,
            product.name,
            product.category,
            product.group,
            quantity,
            product.price,
            amount,
            discountType,
            discountValue,
            discountSen,
            approver,
            amount - discountSen,
            isPass ? product.minQty : null,
            isPass ? product.usageLimit : null,
            isPass ? info.date : null,
            null,
          ]);
          gross += amount;
          discount += discountSen;
          numItems += quantity;
          if (isPass) {
            const [validFrom, expiresAt] = validityOf(info.date, product.duration);
            const ids = Array.from({ length: quantity }, () => ticketId(random)).sort();
            for (const id of ids) {
              rows.tickets.push([
                id,
                orderId,
                itemId,
                store,
                product.sku,
                product.name,
                product.category,
                product.group,
                info.date,
                product.usageLimit,
                0,
                1,
                status === 'PAID' ? 'Valid' : 'Canceled',
                1,
                null,
                validFrom,
                expiresAt,
                createdAt,
                reversedAt,
              ]);
            }
            ticketCount += quantity;
          }
        }
        const totalSen = gross - discount;
        const method = random();
        const tenders = [];
        if (method < 0.4) {
          const step = totalSen > 5000 ? 5000 : 1000; // RM 50 or RM 10 notes
          tenders.push(['CASH', random() < 0.3 ? totalSen : Math.ceil(totalSen / step) * step]);
        } else if (method < 0.78) {
          tenders.push(['CREDIT CARD', totalSen]);
        } else if (method < 0.95 || totalSen < 2000) {
          tenders.push(['E-WALLET', totalSen]);
        } else {
          const card = Math.floor(totalSen / 2 / 100) * 100;
          tenders.push(['CREDIT CARD', card], ['CASH', Math.ceil((totalSen - card) / 1000) * 1000]);
        }
        let tendered = 0;
        const sums = { CASH: 0, 'CREDIT CARD': 0, 'E-WALLET': 0 };
        for (const [index, [tenderMethod, amount]] of tenders.entries()) {
          rows.tenders.push([uuid(random), orderId, index + 1, tenderMethod, amount]);
          tendered += amount;
          sums[tenderMethod] += amount;
        }
        const number = next + 1;
        const invoiceId = `${store}-${String(number).padStart(6, '0')}`;
        const manager = managers[Math.floor(random() * managers.length)];
        rows.orders.push([
          orderId,
          'sale',
          store,
          shift.terminal,
          shift.id,
          shift.staff,
          status,
          'MYR',
          email,
          numItems,
          gross,
          discount,
          totalSen,
          tendered,
          tendered - totalSen,
          createdAt,
          status === 'CANCELED' ? reversedAt : null,
          status === 'CANCELED' ? manager : null,
          status === 'CANCELED' ? 'Entered by mistake' : null,
          status === 'REFUNDED' ? reversedAt : null,
          status === 'REFUNDED' ? manager : null,
          status === 'REFUNDED' ? 'Customer could not attend' : null,
          status === 'PAID' ? null : shift.id,
          invoiceId,
          JSON.stringify(lines),
          sums.CASH,
          sums['CREDIT CARD'],
          sums['E-WALLET'],
        ]);
        rows.invoices.push([invoiceId, store, number, orderId, createdAt]);
        if (email !== null) {
          mail(`sale:${orderId}`, 'receipt', email, orderId, at, createdAt);
          if (ticketCount > 0) mail(`sale:${orderId}`, 'passes', email, orderId, at, createdAt);
          if (status === 'REFUNDED')
            mail(`refund:${orderId}`, 'refund', email, orderId, reversedMs, reversedAt);
        }
      }
      return rows;
    },
  };
}
