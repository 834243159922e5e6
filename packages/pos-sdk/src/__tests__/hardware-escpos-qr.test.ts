import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { describe, expect, it } from 'vitest';
import { encodeEscPosQrCode, encodeEscPosReceipt } from '../escpos';
import { documentQrCodes, documentTicketCodes, type PrintDocument, renderDocument } from '../hardware';
import { HEADER, ORDER, REFUNDED_ORDER } from './__golden__/fixtures';

const GOLDEN_DIR = fileURLToPath(new URL('./__golden__/', import.meta.url));
const SALE: PrintDocument = { kind: 'sale', header: HEADER, order: ORDER };

/** Bytes as a hex dump, 16 a line, so a golden diff shows which command changed. */
function hexDump(bytes: Uint8Array): string {
  const lines: string[] = [];
  for (let start = 0; start < bytes.length; start += 16) {
    lines.push(
      Array.from(bytes.subarray(start, start + 16), (byte) => byte.toString(16).padStart(2, '0')).join(' '),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Compares with a golden file; `UPDATE_GOLDEN=1` (re)writes it instead. */
function expectGolden(name: string, content: string): void {
  const path = `${GOLDEN_DIR}${name}`;
  if (process.env.UPDATE_GOLDEN === '1') writeFileSync(path, content);
  if (!existsSync(path)) throw new Error(`Golden file ${name} is missing: run the test with UPDATE_GOLDEN=1`);
  expect(content).toBe(readFileSync(path, 'utf8'));
}

/** Where `needle` starts in `haystack`, or -1. */
function indexOfBytes(haystack: Uint8Array, needle: readonly number[], from = 0): number {
  outer: for (let start = from; start <= haystack.length - needle.length; start += 1) {
    for (let offset = 0; offset < needle.length; offset += 1) {
      if (haystack[start + offset] !== needle[offset]) continue outer;
    }
    return start;
  }
  return -1;
}

describe('ESC/POS QR codes of tickets', () => {
  it('encodes a QR code with GS ( k: model 2, module size 6, error correction M, store, print', () => {
    expect([...encodeEscPosQrCode('T12')]).toEqual([
      // fn 165: model 2
      0x1d, 0x28, 0x6b, 0x04, 0x00, 0x31, 0x41, 0x32, 0x00,
      // fn 167: module size 6 dots
      0x1d, 0x28, 0x6b, 0x03, 0x00, 0x31, 0x43, 0x06,
      // fn 169: error correction M (49)
      0x1d, 0x28, 0x6b, 0x03, 0x00, 0x31, 0x45, 0x31,
      // fn 180: store 3 bytes of data (pL = 3 + 3)
      0x1d, 0x28, 0x6b, 0x06, 0x00, 0x31, 0x50, 0x30, 0x54, 0x31, 0x32,
      // fn 181: print
      0x1d, 0x28, 0x6b, 0x03, 0x00, 0x31, 0x51, 0x30,
      // the code's line ends
      0x0a,
    ]);
  });

  it('makes the same bytes as @point-of-sale/receipt-printer-encoder, up to a 200-character payload', () => {
    for (const payload of ['T8KQ2M4ZP1A', 'x'.repeat(200)]) {
      const library = new ReceiptPrinterEncoder({ language: 'esc-pos', newline: '\n' });
      const expected = library.qrcode(payload, { model: 2, size: 6, errorlevel: 'm' }).encode();
      expect(Buffer.from(encodeEscPosQrCode(payload))).toEqual(Buffer.from(expected));
    }
  });

  it('refuses an empty or over-long payload', () => {
    expect(() => encodeEscPosQrCode('')).toThrow(RangeError);
    expect(() => encodeEscPosQrCode('x'.repeat(201))).toThrow(RangeError);
  });

  it('takes one code per ticket of a PAID sale or reprint, none for a refunded order or a report', () => {
    expect(documentTicketCodes(SALE)).toEqual(['T8KQ2M4ZP1A', 'T3NW7R5XC9B']);
    expect(documentTicketCodes({ kind: 'reprint', header: HEADER, order: ORDER })).toHaveLength(2);
    expect(documentTicketCodes({ kind: 'reprint', header: HEADER, order: REFUNDED_ORDER })).toEqual([]);
  });

  it('prints the sale receipt with one centred QR code per ticket before the cut, as its golden bytes', () => {
    const bytes = encodeEscPosReceipt(renderDocument(SALE, { columns: 42 }), {
      qrCodes: documentTicketCodes(SALE),
    });
    expectGolden('sale-42.escpos.hex', hexDump(bytes));
    const first = indexOfBytes(bytes, [...encodeEscPosQrCode('T8KQ2M4ZP1A')]);
    const second = indexOfBytes(bytes, [...encodeEscPosQrCode('T3NW7R5XC9B')]);
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(first);
    expect(bytes.subarray(first - 3, first)).toEqual(Uint8Array.from([0x1b, 0x61, 0x01]));
    expect([...bytes.subarray(-4)]).toEqual([0x1d, 0x56, 0x00, 0x0a]);
  });
});

describe("the e-invoice request page on a sale's receipt", () => {
  const URL_ =
    'https://pos.gym.example/e-invoice/01a22751-eed7-7a25-bbd7-14ec853dae2d.1iPEGKQd9flZf9Kr1mFdEr';
  const withLink = { ...ORDER, einvoice_request_url: URL_ };

  it('prints a line of words and the address cut to the paper, and its QR code after the tickets', () => {
    const text = renderDocument({ kind: 'sale', header: HEADER, order: withLink }, { columns: 32 });
    const lines = text.split('\n');
    expect(lines.every((line) => line.length <= 32)).toBe(true);
    const at = lines.indexOf('E-invoice in your name? Scan the');
    expect(at).toBeGreaterThan(0);
    expect(lines.slice(at + 2, at + 5).join('')).toBe(URL_);
    const codes = documentQrCodes({ kind: 'sale', header: HEADER, order: withLink });
    expect(codes).toEqual([...documentTicketCodes(SALE), URL_]);
  });

  it('prints none for an order without it, or one no longer paid', () => {
    expect(renderDocument(SALE)).not.toContain('E-invoice');
    expect(documentQrCodes(SALE)).toEqual(documentTicketCodes(SALE));
    const refunded = { ...REFUNDED_ORDER, einvoice_request_url: URL_ };
    expect(renderDocument({ kind: 'reprint', header: HEADER, order: refunded })).not.toContain(
      URL_.slice(0, 30),
    );
    expect(documentQrCodes({ kind: 'reprint', header: HEADER, order: refunded })).not.toContain(URL_);
  });
});
