/** The texts of scanning a pass or a product code with the camera, shared by the sales screen and the pass check. */
export const SCAN_MESSAGES = {
  /** The button under the Pass ID and Product Code fields. */
  scanWithCamera: 'Scan with camera',
  stopCamera: 'Stop camera',
  /** Under the live picture while looking for a code. */
  pointCamera: 'Hold the code in front of the camera',
  startingCamera: 'Starting the camera…',
  /** The browser can decode no barcode at all (neither natively nor with the bundled decoder). */
  scannerUnavailable: 'This browser cannot read codes from the camera; type the code or use the scanner',
} as const;

/** 'Read {code}' (under the picture after a code was decoded). */
export function scannedCode(code: string): string {
  return `Read ${code}`;
}
