/**
 * Sells at a terminal from a script: signs in, starts a shift with a float, sells two passes and
 * a merchandise item with mixed tenders, prints the receipt with the console driver and prints
 * the X report.
 *
 * Run against a server (default http://127.0.0.1:8080, or POS_SERVER), after `npm start`:
 *   npm run sell-and-report -w pos-examples
 */
import { pathToFileURL } from 'node:url';
import { createConsoleDriver, createPos, isPosError } from 'pos-sdk';
import type { Receipt, ShiftReport } from 'pos-sdk/contract';
import { formatRM } from 'pos-sdk/money';

/** Options of {@link main}. */
export interface MainOptions {
  /** The server's address. */
  readonly server: string;
  /** Where the receipt, the report and the log lines go. */
  readonly write: (text: string) => void;
}

/** What the run sold and reported. */
export interface MainResult {
  readonly receipt: Receipt;
  readonly report: ShiftReport;
}

/** Signs in, opens the shift, sells, prints the receipt and the X report. */
export async function main({ server, write }: MainOptions): Promise<MainResult> {
  const pos = createPos({
    api: { baseUrl: server },
    hardware: createConsoleDriver({ write, columns: 42 }),
    venueName: 'Demo Climbing Gym',
  });
  const unsubscribe = pos.notices.subscribe((notice) => write(`[${notice.kind}] ${notice.message}`));
  try {
    await pos.session.signIn('cashier@demo.pos', 'demo1234');
    write(`Signed in as ${pos.session.userProfile.value?.name.first ?? 'staff'}`);

    // Entering sales starts (or resumes) the shift; a new shift needs its float first.
    await pos.shift.start();
    if (pos.shift.needsFloat.value) await pos.shift.setFloat('100.00');
    write(`Float in the drawer: ${formatRM(pos.shift.floatTotal.value)}`);

    await pos.catalog.load();
    await pos.cart.add('DAY-ADULT');
    await pos.cart.add('DAY-CHILD');
    await pos.cart.add('GRIP-M');
    write(`Cart total: ${formatRM(pos.cart.subtotal.value)}`);

    // Mixed tenders: RM 60 cash and RM 50 by card for RM 104.00, so RM 6.00 change.
    pos.checkout.setTender('CASH', '60');
    pos.checkout.setTender('CREDIT CARD', '50');
    write(`Change: ${formatRM(pos.checkout.change.value)}`);
    const receipt = await pos.checkout.submit({ email: 'guest@example.com' });

    const report = await pos.shift.report();
    return { receipt, report };
  } finally {
    unsubscribe();
    pos.dispose();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main({
    server: process.env.POS_SERVER ?? 'http://127.0.0.1:8080',
    write: (text) => console.log(text),
  }).catch((error: unknown) => {
    console.error(isPosError(error) ? `${error.name}: ${error.message}` : error);
    process.exitCode = 1;
  });
}
