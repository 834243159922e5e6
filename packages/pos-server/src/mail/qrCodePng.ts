/**
 * A ticket's QR code as a PNG: the payload is the ticket id itself (short, so the code stays coarse and scans from
 * a phone screen at the gate), error correction M, a 4-module quiet zone, 8 pixels per module.
 *
 * The `qrcode` module is loaded by the first call (mail is delivered after the server starts listening), not with
 * the server.
 *
 * @example await qrCodePng('T8KQ2M4ZP1A') // <Buffer 89 50 4e 47 …>
 */
export async function qrCodePng(payload: string): Promise<Buffer> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toBuffer(payload, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 8 });
}
