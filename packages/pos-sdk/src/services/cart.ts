import { batch, computed, signal } from '@preact/signals-core';
import type { CallOptions } from '../api/ApiConfig';
import { signalOnly, throwIfAborted } from '../api/aborted';
import { PosError } from '../errors/PosError';
import { RuleError } from '../errors/RuleError';
import { toRinggit } from '../money';
import { cartWithItem, cartWithoutItem, cartWithQuantity, checkCanAdd } from '../rules/cart';
import { isMembership } from '../rules/cartItem';
import { cartTotals } from '../rules/cartTotals';
import { cartWithDiscount, cartWithoutDiscount } from '../rules/discount';
import { addedToCart, productNotFound } from '../rules/messages';
import { parseQuantity } from '../rules/quantity';
import type { RuleFailure } from '../rules/result';
import { checkStock } from '../rules/stock';
import { cartTax } from '../rules/tax';
import { venueDayStart } from '../rules/venueDay';
import type { CartService, PosCartItem } from './CartService';
import { cartLineFrom, taxedLine, toWireCartItem } from './cartLine';
import type { CatalogController, CatalogEntry } from './catalog';
import type { ServiceContext } from './ServiceContext';
import { isRecord, readStored, STORAGE_KEYS, writeStored } from './storageKeys';
import { warnRefusal } from './warnRefusal';

/** The cart service plus what sign-out and checkout call. */
export interface CartController extends CartService {
  /** Empties the cart after a checkout or on sign-out (same as `clear`). */
  reset(): void;
}

/** Is a stored value a cart line this version can use (money as integer sen)? */
function isStoredLine(value: unknown): value is PosCartItem {
  return (
    isRecord(value) &&
    typeof value.sku === 'string' &&
    typeof value.name === 'string' &&
    Number.isInteger(value.quantity) &&
    Number.isSafeInteger(value.price) &&
    (value.type === 'PASS' || value.type === 'MERCHANDISE')
  );
}

/**
 * Creates the cart (spec sections 4 and 5). Lines keep money in sen; every change is persisted
 * through the storage adapter so a reload keeps the cart.
 */
export function createCart(context: ServiceContext, catalog: CatalogController): CartController {
  const { storage, notices } = context;
  const items = signal<readonly PosCartItem[]>([]);
  const totals = computed(() => cartTotals(items.value));
  const subtotal = computed(() => totals.value.subtotal);
  const numItems = computed(() => totals.value.num_items);
  // A line's tax code is its variant's in the catalogue now (a line restored before the catalogue loads has none yet).
  const codeOf = (line: PosCartItem): string | null => {
    const entry = catalog.findEntry(line.sku);
    return entry?.variant.sku === line.sku ? (entry.variant.tax_code ?? null) : null;
  };
  const setup = () => context.taxSetup?.() ?? { codes: [], mode: 'inclusive' as const };
  const tax = computed(() => {
    const { codes, mode } = setup();
    return cartTax(
      items.value.map((line) => ({ ...line, tax_code: codes.length === 0 ? null : codeOf(line) })),
      codes,
      mode,
    );
  });
  const amountToPay = computed(() => tax.value.amountToPay);
  const isEmpty = computed(() => items.value.length === 0);

  const save = (next: readonly PosCartItem[]): void => {
    items.value = next;
    if (next.length === 0) storage.remove(STORAGE_KEYS.cart);
    else writeStored(storage, STORAGE_KEYS.cart, { items: next });
  };

  /** A cart refusal: shown as a warning (spec section 8) and thrown. */
  const refuse = (failure: RuleFailure): RuleError => warnRefusal(notices, failure);

  const findLine = (sku: string): PosCartItem | undefined => items.value.find((line) => line.sku === sku);

  /** A tracked variant's units in the cart `next` against its stock, by the venue's policy (`checkStock`). */
  const stockOf = (entry: CatalogEntry, next: readonly PosCartItem[]) => {
    if (entry.type !== 'MERCHANDISE') return checkStock(null, 0, 'allow', '');
    const quantity = next.find((line) => line.sku === entry.variant.sku)?.quantity ?? 0;
    return checkStock(entry.variant.stock, quantity, context.stockPolicy?.() ?? 'allow', entry.product.name);
  };

  const clear = (): void => save([]);

  /** The catalogue entry of a SKU or barcode (the catalogue is loaded on a miss); toasts an unknown code. */
  const resolve = async (code: string, options: CallOptions | undefined): Promise<CatalogEntry> => {
    throwIfAborted(options);
    let entry = catalog.findEntry(code);
    if (!entry && catalog.passes.value.length === 0 && catalog.merchandise.value.length === 0) {
      await catalog.load(signalOnly(options));
      entry = catalog.findEntry(code);
    }
    if (!entry) {
      throw warnRefusal(notices, new PosError('not_found', productNotFound(code)));
    }
    return entry;
  };

  return {
    items,
    subtotal,
    numItems,
    tax,
    amountToPay,
    isEmpty,
    prepare: async (code, options) => {
      const entry = await resolve(code, options);
      const visitDate = venueDayStart(context.clock(), context.timeZone).toISOString();
      const line = cartLineFrom(entry, 1, visitDate);
      const allowed = checkCanAdd(items.value, line);
      if (!allowed.ok) throw refuse(allowed);
      return {
        sku: line.sku,
        name: line.name,
        needsMember: isMembership(line),
        quantity: entry.type === 'PASS' ? Math.max(1, entry.variant.min_qty) : 1,
      };
    },
    add: async (sku, quantity = 1, options = {}) => {
      const entry = await resolve(sku, options);
      const parsed = parseQuantity(quantity);
      if (!parsed.ok) throw refuse(parsed);
      if (parsed.value === undefined) return undefined; // empty or zero: ignored (spec section 5)
      const visitDate = venueDayStart(context.clock(), context.timeZone).toISOString();
      const candidate = cartLineFrom(entry, parsed.value, visitDate, options.member);
      const result = cartWithItem(items.value, candidate);
      if (!result.ok) throw refuse(result);
      if (result.value === undefined) return undefined;
      const stock = stockOf(entry, result.value);
      if (!stock.ok) throw refuse(stock);
      save(result.value);
      notices.push({ kind: 'success', message: addedToCart(parsed.value, candidate.name) });
      if (stock.value.warning !== null) notices.push({ kind: 'warning', message: stock.value.warning });
      return findLine(candidate.sku);
    },
    setQuantity: (sku, input) => {
      const result = cartWithQuantity(items.value, sku, input);
      if (!result.ok) throw refuse(result);
      if (result.value === undefined) return undefined;
      const entry = catalog.findEntry(sku);
      const stock = entry === undefined ? undefined : stockOf(entry, result.value);
      if (stock !== undefined && !stock.ok) throw refuse(stock);
      save(result.value);
      if (stock?.ok && stock.value.warning !== null)
        notices.push({ kind: 'warning', message: stock.value.warning });
      return findLine(sku);
    },
    remove: (sku) => save(cartWithoutItem(items.value, sku)),
    clear,
    applyDiscount: (sku, discount) => {
      const result = cartWithDiscount(items.value, sku, discount);
      if (!result.ok) throw RuleError.from(result);
      save(result.value);
      const line = findLine(sku);
      if (!line) throw new PosError('not_found', productNotFound(sku));
      return line;
    },
    removeDiscount: (sku) => save(cartWithoutDiscount(items.value, sku)),
    toPayload: () => {
      const taxed = tax.value;
      const lines = items.value.map((line, index) => taxedLine(toWireCartItem(line), taxed.lines[index]));
      return {
        items: lines,
        num_items: totals.value.num_items,
        subtotal: toRinggit(totals.value.subtotal),
        ...(taxed.lines.some((line) => line.code !== null) ? { tax: toRinggit(taxed.total) } : {}),
      };
    },
    restore: () => {
      const stored = readStored(storage, STORAGE_KEYS.cart);
      const lines = isRecord(stored) && Array.isArray(stored.items) ? stored.items : [];
      batch(() => {
        items.value = lines.every(isStoredLine) ? lines : [];
      });
    },
    reset: clear,
  };
}
