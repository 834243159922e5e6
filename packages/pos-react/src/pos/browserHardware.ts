import {
  createDesktopShellDriver,
  createPrintViewDriver,
  detectDesktopShell,
  type HardwareDriver,
} from 'pos-sdk';
import { openPrintFrame } from './printFrame';

/** A ticket's QR code for the print view: a PNG data URL made in the page (nothing is fetched), payload the ticket id. */
async function ticketQrImage(payload: string): Promise<string> {
  // Loaded with the first receipt that has a ticket, not with the sales screen.
  const { default: QRCode } = await import('qrcode');
  return QRCode.toDataURL(payload, { errorCorrectionLevel: 'M', margin: 4, scale: 4 });
}

/** The version sent with the desktop shell's app-start message. */
const APP_VERSION = '0.1.0';

let driver: HardwareDriver | undefined;
let started = false;

/**
 * The till hardware of this page, chosen once: inside the desktop shell (its bridge,
 * `window.posShell`, is present: docs/hardware.md) the desktop-shell driver, which prints and
 * opens the drawer through the shell (its messages carry the ticket ids, so the shell prints their codes); in a
 * plain browser the print view (receipts print from a hidden frame with the browser's print dialog, one QR code per
 * ticket under the text; there is no drawer).
 */
export function browserHardware(): HardwareDriver {
  if (!driver) {
    const bridge = detectDesktopShell(window);
    driver = bridge
      ? createDesktopShellDriver(bridge, { version: APP_VERSION })
      : createPrintViewDriver(openPrintFrame, { qrCodeImage: ticketQrImage });
  }
  return driver;
}

/** Sends the shell's app-start message, once per page load (a no-op for the print view). */
export function announceAppStarted(hardware: HardwareDriver): void {
  if (started) return;
  started = true;
  hardware.appStarted().catch((error: unknown) => {
    console.warn('The desktop shell did not take the app-start message', error);
  });
}
