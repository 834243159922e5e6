import { DEFAULT_DOOR_OPEN_SECONDS, type PrintDocument } from '../hardware';
import { notifyFailure } from './notifyFailure';
import type { DocumentBody, ServiceContext } from './ServiceContext';

/**
 * Prints a document after the server has answered. A printer fault never undoes the sale: it is
 * shown as an error notice and reported as `false`, so the cashier can reprint.
 */
export async function printDocument(context: ServiceContext, body: DocumentBody): Promise<boolean> {
  try {
    await context.hardware.print({ ...body, header: context.documentHeader() } as PrintDocument);
    return true;
  } catch (error) {
    notifyFailure(context.notices, error);
    return false;
  }
}

/** Opens the drawer after a cash sale; a fault becomes a notice (the sale stands). */
export async function openDrawerQuietly(context: ServiceContext): Promise<boolean> {
  try {
    await context.hardware.openDrawer();
    return true;
  } catch (error) {
    notifyFailure(context.notices, error);
    return false;
  }
}

/**
 * Opens the door after a successful entry, when the terminal has one (`PosConfig.door`); a fault becomes a notice
 * (the entry stands: it can be annulled if the member could not get in).
 */
export async function openDoorQuietly(context: ServiceContext): Promise<boolean> {
  if (context.door === undefined) return false;
  try {
    await context.door.open(context.doorOpenSeconds ?? DEFAULT_DOOR_OPEN_SECONDS);
    return true;
  } catch (error) {
    notifyFailure(context.notices, error);
    return false;
  }
}
