import type { DriverCapabilities, HardwareDriver, ReceiptColumns } from './HardwareDriver';
import type { PrintDocument } from './PrintDocument';
import { renderDocument } from './renderDocument';

/** One call recorded by {@link createMemoryDriver}. */
export type MemoryDriverCall =
  | { readonly kind: 'openDrawer' }
  | { readonly kind: 'print'; readonly document: PrintDocument; readonly text: string }
  | { readonly kind: 'appStarted' };

/** A driver that records what it is asked to do, for tests. */
export interface MemoryDriver extends HardwareDriver {
  /** Every call so far, oldest first (failed ones too: a failure is recorded, then rejected). */
  readonly calls: readonly MemoryDriverCall[];
  /** The rendered text of every print so far. */
  printedTexts(): string[];
  /** Makes every following call reject with `error` (a dead printer); `undefined` heals it. */
  failWith(error: Error | undefined): void;
  /** Forgets the recorded calls. */
  reset(): void;
}

/** Options of {@link createMemoryDriver}. */
export interface MemoryDriverOptions {
  /** Width documents are rendered at; default 42. */
  readonly columns?: ReceiptColumns;
  /** Pretend not to have a drawer or a printer; default both true. */
  readonly drawer?: boolean;
  readonly print?: boolean;
}

/**
 * A driver that keeps every call in memory (`calls`, with each print's document and rendered
 * text) instead of touching hardware. For tests of services, the CLI and the UI.
 *
 * @example
 * const driver = createMemoryDriver()
 * await pos.checkout.submit()
 * expect(driver.calls.map((call) => call.kind)).toEqual(['print', 'openDrawer'])
 */
export function createMemoryDriver(options: MemoryDriverOptions = {}): MemoryDriver {
  const columns = options.columns ?? 42;
  const capabilities: DriverCapabilities = {
    drawer: options.drawer ?? true,
    print: options.print ?? true,
    columns,
  };
  const calls: MemoryDriverCall[] = [];
  let failure: Error | undefined;
  const record = async (call: MemoryDriverCall): Promise<void> => {
    calls.push(call);
    if (failure) throw failure;
  };
  return {
    name: 'memory',
    capabilities,
    calls,
    openDrawer: () => record({ kind: 'openDrawer' }),
    print: async (document) =>
      record({ kind: 'print', document, text: renderDocument(document, { columns }) }),
    appStarted: () => record({ kind: 'appStarted' }),
    printedTexts: () => calls.flatMap((call) => (call.kind === 'print' ? [call.text] : [])),
    failWith: (error) => {
      failure = error;
    },
    reset: () => {
      calls.length = 0;
    },
  };
}
