import { afterEach, describe, expect, it, vi } from 'vitest';

const setFlagsFromString = vi.fn();
vi.mock('node:v8', () => ({ setFlagsFromString }));

const { boundHeapGrowth, HEAP_GROWING_PERCENT } = await import('../heapGrowth');

afterEach(() => setFlagsFromString.mockReset());

describe('the server process heap bound', () => {
  it("sets V8's heap growing factor to 1 + HEAP_GROWING_PERCENT / 100, below V8's own 4x", () => {
    boundHeapGrowth();
    expect(setFlagsFromString).toHaveBeenCalledExactlyOnceWith('--heap-growing-percent=100');
    expect(HEAP_GROWING_PERCENT).toBe(100);
  });
});
