import { afterEach, describe, expect, it, vi } from 'vitest';

const setFlagsFromString = vi.fn();
vi.mock('node:v8', () => ({ setFlagsFromString }));

const { boundHeapGrowth, HEAP_GROWING_PERCENT, mayBoundHeapGrowth } = await import('../heapGrowth');

afterEach(() => setFlagsFromString.mockReset());

describe('the server process heap bound', () => {
  it("sets V8's heap growing factor to 1 + HEAP_GROWING_PERCENT / 100", () => {
    expect(boundHeapGrowth([])).toBe(true);
    expect(setFlagsFromString).toHaveBeenCalledExactlyOnceWith('--heap-growing-percent=100');
    expect(HEAP_GROWING_PERCENT).toBe(100);
  });

  it.each([[['--heap-growing-percent=30']], [['--enable-source-maps', '--heap-growing-percent']]])(
    "leaves a value given on node's command line alone (%j)",
    (execArgv) => {
      expect(mayBoundHeapGrowth(execArgv)).toBe(false);
      expect(boundHeapGrowth(execArgv)).toBe(false);
      expect(setFlagsFromString).not.toHaveBeenCalled();
    },
  );

  it('is applied beside other flags', () => {
    expect(
      mayBoundHeapGrowth(['--enable-source-maps', '--heap-growing-percentage=5', '--max-old-space-size=512']),
    ).toBe(true);
  });
});
