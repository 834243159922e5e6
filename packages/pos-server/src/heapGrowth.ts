import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what was live at the last full collection before it collects again,
 * in percent: the server's memory bound. V8's own factor is chosen between 1.1 and 4 (2 at most when the heap limit
 * is small); a long export on PostgreSQL (pg builds the rows a socket read at a time, so many of them outlive a
 * young-generation collection) let the old space climb to several times what was live between collections. With a
 * factor of 2 the same export stays well lower at the same speed (docs/performance.md). The limit never passes V8's
 * maximum heap size either way.
 */
export const HEAP_GROWING_PERCENT = 100;

/** The V8 flag of {@link HEAP_GROWING_PERCENT}. */
const FLAG = '--heap-growing-percent';

/**
 * Whether the process may get {@link HEAP_GROWING_PERCENT}: not when its operator set the flag already, on node's
 * command line (`node --heap-growing-percent=…`; Node refuses it in `NODE_OPTIONS`, so that is the one place).
 */
export function mayBoundHeapGrowth(execArgv: readonly string[]): boolean {
  return !execArgv.some((option) => option === FLAG || option.startsWith(`${FLAG}=`));
}

/**
 * Applies {@link HEAP_GROWING_PERCENT} to this process unless its operator chose a value. Called by the `pos-server`
 * command before it starts, not by `buildApp`: a process that embeds the server keeps its own V8 settings. V8 reads
 * the setting each time it sets the next collection's limit, so it takes effect although V8 has started.
 *
 * @returns whether it was applied.
 */
export function boundHeapGrowth(execArgv: readonly string[] = process.execArgv): boolean {
  if (!mayBoundHeapGrowth(execArgv)) return false;
  setFlagsFromString(`${FLAG}=${HEAP_GROWING_PERCENT}`);
  return true;
}
