import { type ReadonlySignal, signal } from '@preact/signals-core';
import type { ApiClient } from '../api';
import type { CallOptions } from '../api/ApiConfig';
import { signalOnly } from '../api/aborted';
import { type VenueSettings, VenueSettingsSchema } from '../contract/backOffice';
import { toPosError } from '../errors/toPosError';
import type { DocumentHeader } from '../hardware/PrintDocument';
import type { StorageAdapter } from '../storage/StorageAdapter';
import { isNoAnswer } from '../sync/createSync';
import type { NoticesController } from './notices';
import { notifyFailure } from './notifyFailure';
import { readStored, STORAGE_KEYS, writeStored } from './storageKeys';

/**
 * The venue's settings (name, address, registration number, phone, receipt footer, time zone, currency symbol), as a
 * manager sets them in the back office: what printed documents carry, and what "today" means. Kept in storage, so a
 * reload prints the same header before the next load.
 */
export interface VenueService {
  /** The last settings loaded, or `null` before the first load. */
  readonly settings: ReadonlySignal<VenueSettings | null>;
  /**
   * Loads the settings (`POST /v1/admin/venue`, any signed-in staff member) and keeps them.
   * @throws the api's error, also shown as an error notice.
   */
  load(options?: CallOptions): Promise<VenueSettings>;
  /**
   * The header a document made now carries, as the printed receipts have it: the venue's name and details (address,
   * registration and SST numbers, phone), its footer and currency, this terminal, the signed-in staff member and the
   * time. For an app that lays a receipt out itself (`renderDocument` of `pos-sdk/receipt`) the way the printer does.
   */
  documentHeader(): DocumentHeader;
}

/** Creates the venue service. */
export function createVenue(deps: {
  api: ApiClient;
  storage: StorageAdapter;
  notices: NoticesController;
  /** The terminal knows it is offline: the banner says so, and the kept settings serve. */
  isOffline?: () => boolean;
  /** The header of a document made now (createPos's, from these settings, the session and the terminal). */
  documentHeader: () => DocumentHeader;
}): VenueService & { reset(): void } {
  const stored = VenueSettingsSchema.safeParse(readStored(deps.storage, STORAGE_KEYS.venue));
  const settings = signal<VenueSettings | null>(stored.success ? stored.data : null);
  return {
    settings,
    documentHeader: () => deps.documentHeader(),
    async load(options) {
      try {
        const loaded = await deps.api.venue(signalOnly(options));
        settings.value = loaded;
        writeStored(deps.storage, STORAGE_KEYS.venue, loaded);
        return loaded;
      } catch (error) {
        // A refresh that gets no answer while the banner says the server is down, with settings kept: nothing to add.
        if (isNoAnswer(error) && deps.isOffline?.() === true && settings.value !== null) {
          throw toPosError(error).markNotified();
        }
        throw notifyFailure(deps.notices, error);
      }
    },
    reset() {
      settings.value = null;
      deps.storage.remove(STORAGE_KEYS.venue);
    },
  };
}
