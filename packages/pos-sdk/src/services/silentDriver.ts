import type { HardwareDriver, ReceiptColumns } from '../hardware';

/**
 * The default driver of `createPos`: no drawer, no printer, nothing recorded. Its capabilities
 * say so, so a UI can hide Open Drawer and Print.
 */
export function silentDriver(columns: ReceiptColumns): HardwareDriver {
  return {
    name: 'silent',
    capabilities: { drawer: false, print: false, columns },
    openDrawer: async () => {},
    print: async () => {},
    appStarted: async () => {},
  };
}
