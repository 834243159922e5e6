import { type ApiConfig, createApiClient } from '../api';
import type { CallOptions } from '../api/ApiConfig';
import { signalOnly } from '../api/aborted';
import type { DevicePairing, TerminalStatus } from '../contract';
import { FormError } from '../errors/FormError';
import { checkPairingCode } from '../rules/terminalId';
import type { StorageAdapter } from '../storage/StorageAdapter';
import { isRecord, readStored, writeStored } from './storageKeys';

/** Where a device keeps the terminal it was paired with (beside the session, in the same storage). */
export const DEVICE_PAIRING_KEY = 'pos.devicePairing';

/** How a device reaches the server before it is a terminal: the API address, and optionally a fetch and a timeout. */
export type PairingApiConfig = Pick<ApiConfig, 'baseUrl' | 'fetch' | 'timeoutMs'>;

/**
 * The terminal this device was paired with, or null when it was never paired (or the entry is unreadable). A browser
 * till reads it before it creates its `Pos`, and creates it with `api: { hostId: terminal, store }`.
 */
export function readDevicePairing(storage: StorageAdapter): DevicePairing | null {
  const stored = readStored(storage, DEVICE_PAIRING_KEY);
  if (!isRecord(stored) || typeof stored.terminal !== 'string' || typeof stored.store !== 'string')
    return null;
  return { terminal: stored.terminal, store: stored.store };
}

/** Remembers the terminal this device is. */
export function saveDevicePairing(storage: StorageAdapter, pairing: DevicePairing): void {
  writeStored(storage, DEVICE_PAIRING_KEY, { terminal: pairing.terminal, store: pairing.store });
}

/** Forgets the pairing (the terminal was unregistered): the device must be paired again. */
export function forgetDevicePairing(storage: StorageAdapter): void {
  storage.remove(DEVICE_PAIRING_KEY);
}

/**
 * Pairs this device with a terminal: the one-time code a manager made (`pos terminal pair ID`, valid 10 minutes),
 * or, with no code, the terminal of a server that pairs devices by itself (the demo). The code is checked first
 * (`checkPairingCode`: a typo is a `FormError` on the field `code`, nothing sent); the server refuses an unknown
 * code (404 `not_found`), an expired or used one (409 `conflict`) and too many tries (429 `locked`), in words.
 * Save the answer with {@link saveDevicePairing}.
 *
 * @example
 * const pairing = await pairDevice({ baseUrl: location.origin }, 'K7QF-3MXR');
 * saveDevicePairing(browserStorage(localStorage), pairing); // { terminal: 'TICKET02', store: 'KL01' }
 */
export async function pairDevice(
  api: PairingApiConfig,
  code?: string,
  options: CallOptions = {},
): Promise<DevicePairing> {
  let body = {};
  if (code !== undefined) {
    const checked = checkPairingCode(code);
    if (!checked.ok) throw FormError.fromFields({ code: checked.message });
    body = { code: checked.value };
  }
  return createApiClient(api).pairDevice(body, signalOnly(options));
}

/**
 * Asks whether the terminal this device was paired with is still registered (a manager may have unregistered it:
 * the device then forgets its pairing and pairs again). Needs no sign-in.
 */
export function checkDeviceTerminal(
  api: PairingApiConfig,
  pairing: DevicePairing,
  options: CallOptions = {},
): Promise<TerminalStatus> {
  return createApiClient({ ...api, hostId: pairing.terminal, store: pairing.store }).terminalStatus(
    signalOnly(options),
  );
}
