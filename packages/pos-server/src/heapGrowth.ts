import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the heap grow past what was live at the last full collection before it collects again, in percent:
 * the server's memory bound (issue 10). V8's own factor goes up to 4x, and a long export on PostgreSQL (pg's rows
 * are built a socket read at a time, so many of them outlive a young-generation collection) filled the old space from
 * 24 MB live to about 100 MB between collections: 216 to 224 MB peak RSS for a million orders. At 100 % the same
 * export peaked at 153 MB in process (141 MB at 50 %), 2 to 5 % slower (docs/performance.md).
 */
export const HEAP_GROWING_PERCENT = 100;

/**
 * Applies {@link HEAP_GROWING_PERCENT} to this process. Called by the `pos-server` command before it starts, not by
 * `buildApp`: a process that embeds the server keeps its own V8 settings. V8 reads the setting each time it sets
 * the next collection's limit, so it takes effect although V8 has started.
 */
export function boundHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
