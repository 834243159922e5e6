/**
 * A SKU (or a scanned code) as SKUs compare: trimmed, in upper case. SKUs are ASCII (`SkuSchema`), so this is also
 * what SQL's `upper()` gives on both engines.
 *
 * @example skuKey(' grip-m ') // 'GRIP-M'
 */
export function skuKey(sku: string): string {
  return sku.trim().toUpperCase();
}

/**
 * Do two SKUs name one item? SKUs compare without regard to case or surrounding spaces, as a scanner's and a
 * typist's do: `grip-m` is `GRIP-M` (the server refuses a second SKU that differs only in case).
 *
 * @example sameSku(' grip-m', 'GRIP-M') // true
 */
export function sameSku(a: string, b: string): boolean {
  return skuKey(a) === skuKey(b);
}

/**
 * The row of a SKU in a list (a catalogue answer): the one spelt exactly as given, else the one that differs only in
 * case (a catalogue made before the server refused such pairs may hold both).
 *
 * @example findSkuRow(catalogue.items, 'grip-m') // the GRIP-M row
 */
export function findSkuRow<T extends { readonly sku: string }>(
  rows: readonly T[],
  sku: string,
): T | undefined {
  const typed = sku.trim();
  return rows.find((row) => row.sku === typed) ?? rows.find((row) => sameSku(row.sku, typed));
}
