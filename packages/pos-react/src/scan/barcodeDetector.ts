import type { BarcodeFormat } from 'barcode-detector/ponyfill';
// The ZXing decoder's WebAssembly, emitted into the build by Vite and served by our own server: nothing is
// fetched from another host at run time (the polyfill's default would load it from a CDN).
import zxingReaderWasm from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** The codes the tills read: QR codes on passes, EAN-13 and Code 128 on products. */
export type ScanFormat = Extract<BarcodeFormat, 'qr_code' | 'ean_13' | 'code_128'>;

/** Reads the codes in one video frame. */
export interface CodeReader {
  /** The decoded texts in the frame (empty when none). */
  read(source: HTMLVideoElement): Promise<string[]>;
}

/** The standard `BarcodeDetector` of the Shape Detection API, where the browser has one. */
interface NativeBarcodeDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface NativeBarcodeDetectorClass {
  new (options: { formats: string[] }): NativeBarcodeDetector;
  getSupportedFormats(): Promise<string[]>;
}

/** The browser's own detector when it reads every one of `formats`, else undefined. */
async function nativeDetector(formats: readonly ScanFormat[]): Promise<NativeBarcodeDetector | undefined> {
  const Native = (globalThis as { BarcodeDetector?: NativeBarcodeDetectorClass }).BarcodeDetector;
  if (Native === undefined) return undefined;
  try {
    const supported = await Native.getSupportedFormats();
    return formats.every((format) => supported.includes(format))
      ? new Native({ formats: [...formats] })
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A reader for `formats` through the standard `BarcodeDetector` API: the browser's own where it reads these
 * formats (Chrome on Android, macOS, ChromeOS), otherwise the `barcode-detector` polyfill (ZXing-C++ compiled to
 * WebAssembly), loaded on first use with its `.wasm` from this server's own origin.
 */
export async function createCodeReader(formats: readonly ScanFormat[]): Promise<CodeReader> {
  const native = await nativeDetector(formats);
  if (native !== undefined) {
    return { read: async (source) => (await native.detect(source)).map((code) => code.rawValue) };
  }
  const { BarcodeDetector, setZXingModuleOverrides } = await import('barcode-detector/ponyfill');
  setZXingModuleOverrides({
    locateFile: (path: string, prefix: string) =>
      path.endsWith('.wasm') ? new URL(zxingReaderWasm, window.location.href).href : prefix + path,
  });
  const detector = new BarcodeDetector({ formats: [...formats] });
  return { read: async (source) => (await detector.detect(source)).map((code) => code.rawValue) };
}
