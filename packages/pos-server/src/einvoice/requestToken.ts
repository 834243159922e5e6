import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/Database';

/** The path of a sale's e-invoice request page: `/e-invoice/<token>`. */
export const REQUEST_PAGE_PATH = '/e-invoice';

/** The stores' secrets, read once per database handle (a secret never changes once made). */
const secrets = new WeakMap<Db, Map<string, string>>();

/**
 * The store's secret for request links: 32 random bytes made on first use and kept in `einvoice_request_keys`, so
 * every instance on the database, and a restarted one, signs the same links.
 */
async function storeSecret(db: Db, store: string, now: Date): Promise<string> {
  const known = secrets.get(db)?.get(store);
  if (known !== undefined) return known;
  const read = () =>
    db.selectFrom('einvoice_request_keys').select('secret').where('store', '=', store).executeTakeFirst();
  let row = await read();
  if (row === undefined) {
    await db
      .insertInto('einvoice_request_keys')
      .values({ store, secret: randomBytes(32).toString('base64url'), created_at: now.toISOString() })
      .onConflict((oc) => oc.column('store').doNothing())
      .execute();
    row = await read();
  }
  if (row === undefined) throw new Error(`No e-invoice request key for ${store}`);
  const ofDb = secrets.get(db) ?? new Map<string, string>();
  ofDb.set(store, row.secret);
  secrets.set(db, ofDb);
  return row.secret;
}

/** The 128-bit MAC of an order's request link: HMAC-SHA256 of the order id, base64url, 22 characters. */
const macOf = (secret: string, orderId: string) =>
  createHmac('sha256', secret).update(`einvoice-request:${orderId}`).digest('base64url').slice(0, 22);

/**
 * An order's request token, `<order id>.<mac>`: unguessable without the store's secret (a 128-bit HMAC), and nothing
 * is written per order (the receipt's link is the same whenever it is printed or emailed).
 */
export async function requestToken(db: Db, store: string, orderId: string, now: Date): Promise<string> {
  return `${orderId}.${macOf(await storeSecret(db, store, now), orderId)}`;
}

/** The order a token names, when its MAC is right; undefined for anything else (compared in constant time). */
export async function orderOfToken(
  db: Db,
  store: string,
  token: string,
  now: Date,
): Promise<string | undefined> {
  const dot = token.lastIndexOf('.');
  if (dot < 1 || token.length > 100) return undefined;
  const orderId = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(macOf(await storeSecret(db, store, now), orderId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? orderId : undefined;
}

/** The request page's address: `<public url>/e-invoice/<token>`. */
export async function requestUrl(
  db: Db,
  options: { publicUrl: string; store: string; orderId: string; now: Date },
): Promise<string> {
  const token = await requestToken(db, options.store, options.orderId, options.now);
  return `${options.publicUrl}${REQUEST_PAGE_PATH}/${token}`;
}
