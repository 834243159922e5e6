/**
 * The venue's door or turnstile: a relay that lets one person in. The tickets service opens it after a successful
 * entry (the desk's Redeem, the kiosk's check-in); a door fault never undoes the entry, it is reported as a
 * `HardwareError` notice.
 *
 * Drivers in the SDK: `createHttpRelayDoorDriver` (a network relay's simple GET/POST API) and
 * `createMemoryDoorDriver` (tests).
 *
 * @example
 * const door: DoorDriver = createHttpRelayDoorDriver({ url: 'http://10.0.0.20/relay/0?turn=on&timer={seconds}' })
 * await door.open(5)
 */
export interface DoorDriver {
  /** Short name for logs and errors: 'http-relay', 'memory'. */
  readonly name: string;
  /**
   * Opens (unlocks) the door for `seconds` seconds, then the relay locks it again on its own.
   *
   * @throws {HardwareError} when the relay cannot be reached, does not answer in time or refuses.
   */
  open(seconds: number): Promise<void>;
}

/** How long the door stays open after an entry when `createPos` is not told otherwise: 5 seconds. */
export const DEFAULT_DOOR_OPEN_SECONDS = 5;
