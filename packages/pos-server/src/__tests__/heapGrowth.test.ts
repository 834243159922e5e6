import { afterEach, describe, expect, it, vi } from 'vitest';

const setFlagsFromString = vi.fn();
vi.mock('node:v8', () => ({ setFlagsFromString }));

const { boundHeapGrowth, HEAP_GROWING_PERCENT, mayBoundHeapGrowth } = await import('../heapGrowth');

afterEach(() => setFlagsFromString.mockReset());

describe('the server process heap bound', () => {
  it("sets V8's heap growing factor to 1 + HEAP_GROWING_PERCENT / 100", () => {
    expect(boundHeapGrowth([], undefined)).toBe(true);
    expect(setFlagsFromString).toHaveBeenCalledExactlyOnceWith('--heap-growing-percent=100');
    expect(HEAP_GROWING_PERCENT).toBe(100);
  });

  it.each([
    [['--heap-growing-percent=30'], undefined],
    [['--enable-source-maps', '--heap-growing-percent'], undefined],
    [[], '--max-old-space-size=512 --heap-growing-percent=50'],
  ])('leaves an operator-chosen value alone (argv %j, NODE_OPTIONS %j)', (execArgv, nodeOptions) => {
    expect(mayBoundHeapGrowth(execArgv, nodeOptions)).toBe(false);
    expect(boundHeapGrowth(execArgv, nodeOptions)).toBe(false);
    expect(setFlagsFromString).not.toHaveBeenCalled();
  });

  it('is applied beside other flags', () => {
    expect(
      mayBoundHeapGrowth(['--enable-source-maps'], '--max-old-space-size=512 --heap-growing-percentage'),
    ).toBe(true);
  });
});
