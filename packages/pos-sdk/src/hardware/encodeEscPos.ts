/** The ESC/POS commands the receipt driver sends (Epson TM and compatible printers). */
export const ESC_POS = {
  /** `ESC @`: initialise the printer (clears modes left by an earlier job). */
  init: [0x1b, 0x40],
  /** `GS V 0`: full cut. */
  cut: [0x1d, 0x56, 0x00],
  /** `ESC p 0 25 250`: pulse drawer pin 2 on for 50 ms, off for 500 ms (opens the cash drawer). */
  drawerKick: [0x1b, 0x70, 0x00, 0x19, 0xfa],
  /** Line feed. */
  lineFeed: 0x0a,
} as const;

/** `ESC d n`: print and feed n lines (so the cut does not slice the last lines). */
function feedLines(n: number): number[] {
  return [0x1b, 0x64, n];
}

/**
 * One character as a single printable ASCII byte: accents are dropped (`é` -> `e`), anything
 * else becomes `?`. One byte per character keeps the layout's column count exact.
 */
function asciiByte(char: string): number {
  const code = char.codePointAt(0) ?? 0x3f;
  if (char === '\n') return ESC_POS.lineFeed;
  if (char === '\t') return 0x20;
  if (code >= 0x20 && code < 0x7f) return code;
  const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
  const baseCode = base.codePointAt(0) ?? 0;
  return base.length === 1 && baseCode >= 0x20 && baseCode < 0x7f ? baseCode : 0x3f;
}

/** Text as printer bytes, one byte per character (ASCII, see `asciiByte`); `\r` is dropped. */
export function encodeEscPosText(text: string): Uint8Array {
  return Uint8Array.from(
    Array.from(text)
      .filter((char) => char !== '\r')
      .map(asciiByte),
  );
}

/**
 * A whole print job: `ESC @`, the text, a line feed, `ESC d 4` and the cut `GS V 0`.
 *
 * @example encodeEscPosReceipt(renderDocument(doc, { columns: 42 }))
 */
export function encodeEscPosReceipt(text: string): Uint8Array {
  return Uint8Array.from([
    ...ESC_POS.init,
    ...encodeEscPosText(text),
    ESC_POS.lineFeed,
    ...feedLines(4),
    ...ESC_POS.cut,
  ]);
}

/** The drawer job: `ESC @` then `ESC p 0 25 250`. */
export function encodeEscPosDrawerKick(): Uint8Array {
  return Uint8Array.from([...ESC_POS.init, ...ESC_POS.drawerKick]);
}
