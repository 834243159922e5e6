/** The `localStorage` key of this device's kiosk mode: its kiosk token, terminal and store. */
export const KIOSK_KEY = 'pos.kiosk';

/** This device as a kiosk (docs/ui.md, 'Self check-in kiosk'). */
export interface KioskDevice {
  readonly token: string;
  readonly terminal: string;
  readonly store: string;
}

/** The kiosk this device is, or `null` when it is a staff terminal. Small: it decides every route (AppRoutes). */
export function readKioskDevice(storage: Storage = window.localStorage): KioskDevice | null {
  try {
    const value = JSON.parse(storage.getItem(KIOSK_KEY) ?? 'null') as Partial<KioskDevice> | null;
    if (
      typeof value?.token === 'string' &&
      typeof value.terminal === 'string' &&
      typeof value.store === 'string'
    ) {
      return { token: value.token, terminal: value.terminal, store: value.store };
    }
  } catch {
    // Unreadable: not a kiosk.
  }
  return null;
}
