import { useState } from 'react';
import { KioskCheckIn } from './KioskCheckIn';
import { KioskSetup } from './KioskSetup';
import { readKioskDevice } from './kioskDevice';

/**
 * `/kiosk`, loaded lazily (the cashier's first load does not carry it): on a device in kiosk mode the self check-in;
 * on a staff terminal the page where a signed-in manager starts kiosk mode.
 */
export function KioskScreen() {
  const [device] = useState(readKioskDevice);
  return device === null ? <KioskSetup /> : <KioskCheckIn device={device} />;
}
