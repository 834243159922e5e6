import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Notice, Timers } from '../services/NoticesService';
import { createNotices, NOTICE_DURATIONS } from '../services/notices';
import { createTestPos, loadCatalog } from './support/testPos';

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
  nock.cleanAll();
  vi.useRealTimers();
});

describe('services notices', () => {
  it('warnings last 3 seconds, then expire on their own', () => {
    vi.useFakeTimers();
    const notices = createNotices();
    notices.push({ kind: 'warning', title: 'Shopping Cart Empty', message: 'No item to checkout' });
    expect(notices.items.value).toEqual([
      {
        id: 'notice-1',
        kind: 'warning',
        title: 'Shopping Cart Empty',
        message: 'No item to checkout',
        durationMs: 3000,
      },
    ]);
    vi.advanceTimersByTime(2999);
    expect(notices.items.value).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(notices.items.value).toEqual([]);
  });

  it('each kind has a default duration; a notice may set its own', () => {
    vi.useFakeTimers();
    const notices = createNotices();
    expect(NOTICE_DURATIONS.warning).toBe(3000);
    const photo = notices.push({ kind: 'error', message: 'No face detected', durationMs: 5000 });
    const done = notices.push({ kind: 'success', message: 'Checkout completed' });
    expect(photo.durationMs).toBe(5000);
    expect(done.durationMs).toBe(NOTICE_DURATIONS.success);
    vi.advanceTimersByTime(4999);
    expect(notices.items.value.map((notice) => notice.message)).toEqual(['No face detected']);
    vi.advanceTimersByTime(1);
    expect(notices.items.value).toEqual([]);
  });

  it('dismiss removes a notice before it expires; subscribers hear every new notice once', () => {
    vi.useFakeTimers();
    const notices = createNotices();
    const heard: Notice[] = [];
    const unsubscribe = notices.subscribe((notice) => heard.push(notice));
    const first = notices.push({ kind: 'info', message: 'one' });
    notices.push({ kind: 'info', message: 'two' });
    notices.dismiss(first.id);
    expect(notices.items.value.map((notice) => notice.message)).toEqual(['two']);
    unsubscribe();
    notices.push({ kind: 'info', message: 'three' });
    expect(heard.map((notice) => notice.message)).toEqual(['one', 'two']);
    notices.clear();
    expect(notices.items.value).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('never stacks the same notice twice: it moves last with its time restarted, and is heard once', () => {
    vi.useFakeTimers();
    const notices = createNotices();
    const heard: string[] = [];
    notices.subscribe((notice) => heard.push(notice.message));
    const retrying = {
      kind: 'warning',
      message: 'Server not responding: trying again, the sale is kept',
    } as const;
    notices.push(retrying);
    notices.push({ kind: 'info', message: 'other' });
    vi.advanceTimersByTime(2000);
    notices.push(retrying);
    // Same words of another kind or title are another notice.
    notices.push({ kind: 'error', message: retrying.message });
    notices.push({ ...retrying, title: 'Offline' });
    expect(
      notices.items.value.map((notice) => `${notice.kind} ${notice.title ?? '-'} ${notice.message}`),
    ).toEqual([
      'info - other',
      'warning - Server not responding: trying again, the sale is kept',
      'error - Server not responding: trying again, the sale is kept',
      'warning Offline Server not responding: trying again, the sale is kept',
    ]);
    expect(heard).toHaveLength(4);
    vi.advanceTimersByTime(1000);
    expect(notices.items.value.map((notice) => notice.kind)).toEqual(['warning', 'error', 'warning']);
    vi.advanceTimersByTime(1999);
    expect(notices.items.value.filter((notice) => notice.kind === 'warning')).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(notices.items.value.map((notice) => notice.kind)).toEqual(['error']);
    expect(vi.getTimerCount()).toBe(1);
  });

  it("the terminal's notices expire through the injected timers", async () => {
    const scheduled: { fn: () => void; ms: number }[] = [];
    const timers: Timers = {
      setTimeout: (fn, ms) => scheduled.push({ fn, ms }),
      clearTimeout: () => {},
    };
    const { pos } = createTestPos({ timers });
    await loadCatalog(pos);
    await pos.cart.add('DAY-ADULT');
    expect(pos.notices.items.value.map((notice) => notice.message)).toEqual(['Added 1 x Day Pass to cart']);
    expect(scheduled.map((timer) => timer.ms)).toEqual([3000]);
    scheduled[0]?.fn();
    expect(pos.notices.items.value).toEqual([]);
  });

  it('dispose stops every timer', () => {
    vi.useFakeTimers();
    const { pos } = createTestPos();
    pos.notices.push({ kind: 'info', message: 'bye' });
    expect(vi.getTimerCount()).toBe(1);
    pos.dispose();
    expect(vi.getTimerCount()).toBe(0);
    expect(pos.notices.items.value).toEqual([]);
  });
});
