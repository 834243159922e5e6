import { browserStorage, createPos, type HardwareDriver, type Pos } from 'pos-sdk';

/**
 * The terminal of this browser tab: the API on the page's own origin (`npm start` serves the UI
 * from the server; `npm run dev` proxies /v1 and /v2), session, cart and tenders kept in
 * `localStorage` so a reload keeps them.
 */
export function createBrowserPos(hardware: HardwareDriver): Pos {
  return createPos({
    api: { baseUrl: window.location.origin },
    storage: browserStorage(window.localStorage),
    hardware,
    receiptColumns: hardware.capabilities.columns ?? 42,
  });
}
