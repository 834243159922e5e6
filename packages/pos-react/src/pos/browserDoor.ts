import { createHttpRelayDoorDriver, type DoorDriver } from 'pos-sdk';

/** The `localStorage` key of this device's door relay (docs/hardware.md, 'Door relay'). */
export const DOOR_RELAY_KEY = 'pos.doorRelay';

/** What {@link DOOR_RELAY_KEY} holds: the relay's address (`{seconds}` filled in), its method and the seconds. */
interface DoorRelaySetting {
  readonly url: string;
  readonly method?: 'GET' | 'POST';
  readonly body?: string;
  readonly seconds?: number;
}

/**
 * The door relay of this device, when it has one: `localStorage['pos.doorRelay']`, e.g.
 * `{"url":"http://10.0.0.20/relay/0?turn=on&timer={seconds}","seconds":5}`. The call goes out `no-cors` (relays
 * answer without CORS headers). Anything unreadable there means no door.
 */
export function browserDoor(storage: Storage): { door: DoorDriver; doorOpenSeconds?: number } | undefined {
  let setting: DoorRelaySetting;
  try {
    const text = storage.getItem(DOOR_RELAY_KEY);
    if (text === null) return undefined;
    setting = JSON.parse(text) as DoorRelaySetting;
  } catch {
    return undefined;
  }
  if (typeof setting?.url !== 'string' || !/^https?:\/\//.test(setting.url)) return undefined;
  const door = createHttpRelayDoorDriver({
    url: setting.url,
    mode: 'no-cors',
    ...(setting.method === 'POST' ? { method: 'POST' as const } : {}),
    ...(typeof setting.body === 'string' ? { body: setting.body } : {}),
  });
  const seconds = setting.seconds;
  return Number.isInteger(seconds) && (seconds as number) > 0
    ? { door, doorOpenSeconds: seconds as number }
    : { door };
}
