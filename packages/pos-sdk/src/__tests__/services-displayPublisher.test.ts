import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDisplayPublisher, type DisplayPublisherApi } from '..';
import type { DisplayMessage, DisplayStatus } from '../contract';

const idle: DisplayMessage = { kind: 'idle' };
const sale = (total: number): DisplayMessage => ({
  kind: 'sale',
  lines: [],
  total,
  tenders: [],
  change: null,
});

/** An API whose answers the test controls: whether a tablet is paired, and whether publishing fails. */
function fakeApi(paired: boolean) {
  const state = { paired, fail: false };
  const status = (): DisplayStatus => ({
    terminal: 'TICKET01',
    paired: state.paired,
    watching: state.paired ? 1 : 0,
  });
  const published: DisplayMessage[] = [];
  const api: DisplayPublisherApi = {
    displayPair: vi.fn(async () => ({
      terminal: 'TICKET01',
      code: '482913',
      expires_at: '2026-11-22T02:05:00.000Z',
    })),
    displayStatus: vi.fn(async () => status()),
    displayUnpair: vi.fn(async () => {
      state.paired = false;
      return status();
    }),
    displayPublish: vi.fn(async (message: DisplayMessage) => {
      if (state.fail) throw new Error('Server not responding');
      published.push(message);
      return status();
    }),
  };
  return { api, state, published };
}

describe('createDisplayPublisher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends a burst of changes as one call, the last, while a tablet is paired', async () => {
    const { api, published } = fakeApi(true);
    const display = createDisplayPublisher(api, { coalesceMs: 100 });
    await display.refresh();
    await vi.runAllTimersAsync();
    published.length = 0;
    display.publish(sale(49));
    display.publish(sale(98));
    display.publish(sale(147));
    await vi.advanceTimersByTimeAsync(100);
    expect(published).toEqual([sale(147)]);
    expect(display.paired.value).toBe(true);
    expect(display.watching.value).toBe(1);
  });

  it('one call at a time: a change during a call goes after it', async () => {
    const { api, published } = fakeApi(true);
    let release: () => void = () => undefined;
    const display = createDisplayPublisher(api, { coalesceMs: 0 });
    await display.refresh();
    await vi.runAllTimersAsync();
    published.length = 0;
    vi.mocked(api.displayPublish).mockImplementationOnce(async (message) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      published.push(message);
      return { terminal: 'TICKET01', paired: true, watching: 1 };
    });
    display.publish(sale(1));
    await vi.advanceTimersByTimeAsync(0);
    display.publish(sale(2));
    display.publish(sale(3));
    await vi.advanceTimersByTimeAsync(10);
    expect(published).toEqual([]);
    release();
    await vi.runAllTimersAsync();
    expect(published).toEqual([sale(1), sale(3)]);
  });

  it('sends nothing while no tablet is paired, then the latest once one pairs', async () => {
    const { api, state, published } = fakeApi(false);
    const display = createDisplayPublisher(api, { coalesceMs: 0 });
    await display.refresh();
    display.publish(sale(49));
    await vi.runAllTimersAsync();
    expect(api.displayPublish).not.toHaveBeenCalled();
    state.paired = true;
    await display.refresh();
    await vi.runAllTimersAsync();
    expect(published).toEqual([sale(49)]);
  });

  it('a failure never throws: it is reported, and the message goes again later', async () => {
    const { api, state, published } = fakeApi(true);
    const onError = vi.fn();
    const display = createDisplayPublisher(api, { coalesceMs: 0, retryMs: 1000, onError });
    await display.refresh();
    await vi.runAllTimersAsync();
    published.length = 0;
    state.fail = true;
    display.publish(sale(98));
    await vi.advanceTimersByTimeAsync(0);
    expect(onError).toHaveBeenCalledTimes(1);
    state.fail = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(published).toEqual([sale(98)]);
  });

  it('unpairing stops the sending', async () => {
    const { api } = fakeApi(true);
    const display = createDisplayPublisher(api, { coalesceMs: 0 });
    await display.refresh();
    await vi.runAllTimersAsync();
    await display.unpair();
    expect(display.paired.value).toBe(false);
    vi.mocked(api.displayPublish).mockClear();
    display.publish(idle);
    await vi.runAllTimersAsync();
    expect(api.displayPublish).not.toHaveBeenCalled();
  });
});
