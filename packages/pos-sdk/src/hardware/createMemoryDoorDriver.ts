import type { DoorDriver } from './DoorDriver';

/** A door driver that records each opening, for tests. */
export interface MemoryDoorDriver extends DoorDriver {
  /** The seconds of every `open` so far, oldest first (failed ones too: a failure is recorded, then rejected). */
  readonly opens: readonly number[];
  /** Makes every following `open` reject with `error` (a dead relay); `undefined` heals it. */
  failWith(error: Error | undefined): void;
  /** Forgets the recorded openings. */
  reset(): void;
}

/**
 * A door driver that keeps every `open` in memory instead of switching a relay. For tests of services and apps.
 *
 * @example
 * const door = createMemoryDoorDriver()
 * const pos = createPos({ api, door })
 * await pos.tickets.redeem()
 * expect(door.opens).toEqual([5])
 */
export function createMemoryDoorDriver(): MemoryDoorDriver {
  const opens: number[] = [];
  let failure: Error | undefined;
  return {
    name: 'memory',
    get opens() {
      return opens;
    },
    open: async (seconds) => {
      opens.push(seconds);
      if (failure !== undefined) throw failure;
    },
    failWith: (error) => {
      failure = error;
    },
    reset: () => {
      opens.length = 0;
    },
  };
}
