import { browserStorage, createPos, type HardwareDriver, indexedDbOfflineStore, type Pos } from 'pos-sdk';
import type { DevicePairing } from 'pos-sdk/contract';
import { readKioskDevice } from '../kiosk/kioskDevice';
import { browserDoor } from './browserDoor';

/**
 * The terminal this device was paired with (its id sent as `X-Host-Name`, its store as the catalogue's and `origin`):
 * the API on the page's own origin (`npm start` serves the UI
 * from the server; `npm run dev` proxies /v1 and /v2), session, cart and tenders kept in
 * `localStorage` so a reload keeps them, and selling through an outage (docs/offline.md) with the
 * waiting sales and scans in IndexedDB (written durably before a receipt prints). A browser
 * without IndexedDB sells online only.
 */
export function createBrowserPos(hardware: HardwareDriver, pairing: DevicePairing): Pos {
  return createPos({
    api: { baseUrl: window.location.origin, hostId: pairing.terminal, store: pairing.store },
    storage: browserStorage(window.localStorage),
    // A device in kiosk mode calls with its kiosk token (no staff signs in there).
    ...kioskToken(),
    hardware,
    receiptColumns: hardware.capabilities.columns ?? 42,
    // The door relay of this device, if set (docs/hardware.md): opened after every successful entry.
    ...browserDoor(window.localStorage),
    // Offline data is asked for after the page has loaded (PosProvider, prepareOfflineAfterLoad).
    ...(typeof indexedDB === 'undefined'
      ? {}
      : { offline: { store: indexedDbOfflineStore(indexedDB), prepareOnSignIn: false } }),
  });
}

/** The kiosk token of a device in kiosk mode, as `PosConfig.deviceToken`. */
function kioskToken(): { deviceToken?: string } {
  const kiosk = readKioskDevice();
  return kiosk === null ? {} : { deviceToken: kiosk.token };
}
