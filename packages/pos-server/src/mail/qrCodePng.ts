import QRCode from 'qrcode';

/**
 * A ticket's QR code as a PNG: the payload is the ticket id itself (short, so the code stays coarse and scans from
 * a phone screen at the gate), error correction M, a 4-module quiet zone, 8 pixels per module.
 *
 * @example await qrCodePng('T8KQ2M4ZP1A') // <Buffer 89 50 4e 47 …>
 */
export function qrCodePng(payload: string): Promise<Buffer> {
  return QRCode.toBuffer(payload, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 8 });
}
