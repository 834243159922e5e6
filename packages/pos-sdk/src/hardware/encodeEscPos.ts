import CodepageEncoder from '@point-of-sale/codepage-encoder';
import { DEFAULT_ESC_POS_PROFILE, ESC_POS_PROFILES, type EscPosProfileName } from './escPosProfiles';
import { printableText } from './printableText';

/**
 * The ESC/POS commands the receipt driver sends (Epson TM and compatible printers). The jobs are put together here
 * from these bytes, as `@point-of-sale/receipt-printer-encoder` would make them (a test compares them with it): that
 * library's layout, image and barcode code is most of its weight, and the driver needs none of it.
 */
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

/** Options of the ESC/POS encoders. */
export interface EscPosEncodeOptions {
  /** The printer family (its code page for Latin text); default `epson`. See `ESC_POS_PROFILES`. */
  readonly profile?: EscPosProfileName;
}

/** Options of {@link encodeEscPosReceipt}. */
export interface EscPosReceiptOptions extends EscPosEncodeOptions {
  /**
   * QR codes to print after the text, one block each: centred code, its payload under it. A sale prints one per
   * ticket (`documentTicketCodes`), so the gate can scan the paper pass.
   */
  readonly qrCodes?: readonly string[];
}

/** `GS ( k` fn 167: the QR code's module size, in dots. */
const QR_MODULE_SIZE = [0x1d, 0x28, 0x6b, 0x03, 0x00, 0x31, 0x43, QR_MODULE_DOTS] as const;

/** `GS V 0`, the full cut, ends its own line. */
const CUT_LINE = [...ESC_POS.cut, ESC_POS.lineFeed] as const;

/**
 * Text as printer bytes in the profile's code page (PC858 for every profile): one byte per character, so the
 * layout's columns stay exact. A character the code page lacks is transliterated (`printableText`), never `?`;
 * `\r` is dropped and a tab is a space. The job must select the code page first (`ESC t n`, as
 * {@link encodeEscPosReceipt} does).
 *
 * @example encodeEscPosText('Café') // 43 61 66 82 in PC858
 */
export function encodeEscPosText(text: string, options: EscPosEncodeOptions = {}): Uint8Array<ArrayBuffer> {
  const { codepage } = ESC_POS_PROFILES[options.profile ?? DEFAULT_ESC_POS_PROFILE];
  const lines = printableText(text.replaceAll('\r', '').replaceAll('\t', ' '), codepage).split('\n');
  // The code page encoder maps characters only: the line feeds go in between.
  return Uint8Array.from(
    lines.flatMap((line, index) => [
      ...(index > 0 ? [ESC_POS.lineFeed] : []),
      ...CodepageEncoder.encode(line, codepage),
    ]),
  );
}

/**
 * One QR code printed by the printer itself (`GS ( k`, Epson's 2D code commands): model 2, module size 6,
 * error correction M, store the payload (fn 180), print it (fn 181), then a line feed (the encoder ends the code's
 * line). The payload is ASCII, at most 200 bytes.
 *
 * @throws RangeError when the payload is empty or longer than 200 characters.
 * @example encodeEscPosQrCode('T8KQ2M4ZP1A')
 */
export function encodeEscPosQrCode(payload: string): Uint8Array<ArrayBuffer> {
  if (payload.length === 0 || payload.length > 200) {
    throw new RangeError(`A QR payload must be 1 to 200 characters, got ${payload.length}`);
  }
  // fn 180 stores the data: pL pH count it with its 3 bytes of function (cn fn m); 200 + 3 fits pL.
  const data = CodepageEncoder.encode(payload, 'iso8859-1');
  return Uint8Array.from([
    ...ESC_POS.qrModel2,
    ...QR_MODULE_SIZE,
    ...ESC_POS.qrErrorCorrectionM,
    ...[0x1d, 0x28, 0x6b, (data.length + 3) & 0xff, (data.length + 3) >> 8, 0x31, 0x50, 0x30],
    ...data,
    ...ESC_POS.qrPrint,
    ESC_POS.lineFeed,
  ]);
}

/**
 * A whole print job: `ESC @`, the code page of the profile (`ESC t n`), the text, a line feed, then each QR code
 * (centred, with its payload under it), `ESC d 4` and the cut `GS V 0`.
 *
 * @example encodeEscPosReceipt(renderDocument(doc, { columns: 42 }), { qrCodes: documentTicketCodes(doc) })
 */
export function encodeEscPosReceipt(
  text: string,
  options: EscPosReceiptOptions = {},
): Uint8Array<ArrayBuffer> {
  const profile = options.profile ?? DEFAULT_ESC_POS_PROFILE;
  const parts: (readonly number[] | Uint8Array)[] = [
    [...ESC_POS.init, 0x1b, 0x74, ESC_POS_PROFILES[profile].codepageNumber],
    encodeEscPosText(text, { profile }),
    [ESC_POS.lineFeed],
  ];
  for (const payload of options.qrCodes ?? []) {
    parts.push(
      [ESC_POS.lineFeed, ...ESC_POS.alignCenter],
      encodeEscPosQrCode(payload),
      encodeEscPosText(payload, { profile }),
      [ESC_POS.lineFeed, ...ESC_POS.alignLeft],
    );
  }
  // `ESC d 4` feeds the paper past the cutter; a plain ArrayBuffer is what fetch, WebUSB and sockets take as a body.
  parts.push([0x1b, 0x64, 4], CUT_LINE);
  return Uint8Array.from(parts.flatMap((part) => [...part]));
}

/** The drawer job: `ESC @` then `ESC p 0 25 250` (pin 2, 50 ms on, 500 ms off). */
export function encodeEscPosDrawerKick(): Uint8Array<ArrayBuffer> {
  return Uint8Array.from([...ESC_POS.init, ...ESC_POS.drawerKick]);
}
