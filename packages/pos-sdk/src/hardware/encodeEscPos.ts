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
  /** `ESC a 1`: centre what follows. */
  alignCenter: [0x1b, 0x61, 0x01],
  /** `ESC a 0`: back to left alignment. */
  alignLeft: [0x1b, 0x61, 0x00],
  /** `GS ( k` fn 165: QR model 2. */
  qrModel2: [0x1d, 0x28, 0x6b, 0x04, 0x00, 0x31, 0x41, 0x32, 0x00],
  /** `GS ( k` fn 169: error correction level M (about 15% of the code can be damaged). */
  qrErrorCorrectionM: [0x1d, 0x28, 0x6b, 0x03, 0x00, 0x31, 0x45, 0x31],
  /** `GS ( k` fn 181: print the stored QR code. */
  qrPrint: [0x1d, 0x28, 0x6b, 0x03, 0x00, 0x31, 0x51, 0x30],
} as const;

/** Dots per QR module: 6 makes an 11-character ticket id (version 1, 21 modules) about 16 mm wide at 203 dpi. */
const QR_MODULE_DOTS = 6;

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
 * One QR code printed by the printer itself (`GS ( k`, Epson's 2D code commands): model 2, module size 6,
 * error correction M, store the payload (fn 180), print it (fn 181). The payload is ASCII, at most 200 bytes.
 *
 * @throws RangeError when the payload is empty or longer than 200 characters.
 * @example encodeEscPosQrCode('T8KQ2M4ZP1A')
 */
export function encodeEscPosQrCode(payload: string): Uint8Array {
  const data = encodeEscPosText(payload);
  if (data.length === 0 || data.length > 200) {
    throw new RangeError(`A QR payload must be 1 to 200 characters, got ${data.length}`);
  }
  const stored = data.length + 3; // pL pH count cn, fn and m as well as the data
  return Uint8Array.from([
    ...ESC_POS.qrModel2,
    ...[0x1d, 0x28, 0x6b, 0x03, 0x00, 0x31, 0x43, QR_MODULE_DOTS],
    ...ESC_POS.qrErrorCorrectionM,
    ...[0x1d, 0x28, 0x6b, stored & 0xff, stored >> 8, 0x31, 0x50, 0x30],
    ...data,
    ...ESC_POS.qrPrint,
  ]);
}

/** Options of {@link encodeEscPosReceipt}. */
export interface EscPosReceiptOptions {
  /**
   * QR codes to print after the text, one block each: centred code, its payload under it. A sale prints one per
   * ticket (`documentTicketCodes`), so the gate can scan the paper pass.
   */
  readonly qrCodes?: readonly string[];
}

/**
 * A whole print job: `ESC @`, the text, a line feed, then each QR code (centred, with its payload under it),
 * `ESC d 4` and the cut `GS V 0`.
 *
 * @example encodeEscPosReceipt(renderDocument(doc, { columns: 42 }), { qrCodes: documentTicketCodes(doc) })
 */
export function encodeEscPosReceipt(text: string, options: EscPosReceiptOptions = {}): Uint8Array {
  const codes = (options.qrCodes ?? []).flatMap((payload) => [
    ESC_POS.lineFeed,
    ...ESC_POS.alignCenter,
    ...encodeEscPosQrCode(payload),
    ...encodeEscPosText(payload),
    ESC_POS.lineFeed,
    ...ESC_POS.alignLeft,
  ]);
  return Uint8Array.from([
    ...ESC_POS.init,
    ...encodeEscPosText(text),
    ESC_POS.lineFeed,
    ...codes,
    ...feedLines(4),
    ...ESC_POS.cut,
  ]);
}

/** The drawer job: `ESC @` then `ESC p 0 25 250`. */
export function encodeEscPosDrawerKick(): Uint8Array {
  return Uint8Array.from([...ESC_POS.init, ...ESC_POS.drawerKick]);
}
