import type { FastifyInstance } from 'fastify';
import { signedIn } from '../auth';
import { MYINVOIS_HOSTS } from '../config';
import type { AppContext } from '../http/AppContext';
import { serveEndpoint } from '../http/serveEndpoint';
import { buyerRequestRoutes } from './buyerRequestRoutes';
import { cancelEinvoice } from './cancelEinvoice';
import { loadConfiguredSigning } from './configuredSigning';
import {
  einvoicesOfOrder,
  einvoiceToWire,
  einvoicingNotConfigured,
  findEinvoice,
  listEinvoices,
  retryEinvoice,
  submitMonth,
} from './einvoiceOutbox';
import { readEinvoiceSettings, setEinvoiceIdentity } from './einvoiceSettings';
import { createMyInvoisClient, type MyInvoisClient } from './myinvoisClient';
import type { SigningCredentials } from './signingCredentials';

/**
 * The e-invoice calls, a manager's (the contract's role) but for `einvoiceOfOrder`: the venue's identity (`einvoice/settings`, `/set`), and the
 * month's consolidated e-invoice: `submit` (or a dry run), `list`, `status` (polls MyInvois now when the sender runs
 * here), `retry`, `cancel`. The signing key and the MyInvois client come from the server's settings only.
 */
export function einvoiceRoutes(app: FastifyInstance, context: AppContext): void {
  const { db, config, clock, venue } = context;
  const { einvoice } = config;
  const portal = einvoice?.portalUrl ?? MYINVOIS_HOSTS.sandbox.portalUrl;
  let signing: SigningCredentials | undefined;
  const signingKey = (): SigningCredentials | undefined => {
    if (einvoice === undefined) return undefined;
    if (signing === undefined) signing = loadConfiguredSigning(einvoice);
    return signing;
  };
  let client: MyInvoisClient | undefined;
  const myinvois = (): MyInvoisClient => {
    if (einvoice === undefined) {
      throw einvoicingNotConfigured();
    }
    if (client === undefined) client = createMyInvoisClient({ ...einvoice, clock });
    return client;
  };
  // The buyer's public request page (`/e-invoice/<token>`).
  buyerRequestRoutes(app, context, signingKey);
  const settings = async () =>
    readEinvoiceSettings(db, { store: config.store, timeZone: await venue.timeZone(), einvoice });

  serveEndpoint(app, 'einvoiceSettings', settings);
  serveEndpoint(app, 'einvoiceSettingsSet', async (request) => {
    const { staff } = signedIn(request);
    await db
      .transaction()
      .execute((trx) =>
        setEinvoiceIdentity(trx, config.store, request.body, { staffId: staff.id, now: clock() }),
      );
    return settings();
  });
  serveEndpoint(app, 'einvoiceSubmit', async (request) => {
    const { staff, terminalId } = signedIn(request);
    const { row, preview } = await submitMonth(db, {
      staffId: staff.id,
      terminalId,
      store: config.store,
      month: request.body.month,
      timeZone: await venue.timeZone(),
      now: clock(),
      dryRun: request.body.dry_run === true,
      signing: signingKey(),
    });
    context.einvoiceSender?.wake();
    return {
      document: row === undefined ? null : einvoiceToWire(row, portal),
      ...(preview === undefined ? {} : { preview }),
    };
  });
  serveEndpoint(app, 'einvoiceList', async (request) =>
    (await listEinvoices(db, { store: config.store, month: request.body.month })).map((row) =>
      einvoiceToWire(row, portal),
    ),
  );
  // Any signed-in staff member's: the order's invoice dialog shows where its e-invoice stands.
  serveEndpoint(app, 'einvoiceOfOrder', async (request) =>
    (await einvoicesOfOrder(db, { orderId: request.body.order_id, timeZone: await venue.timeZone() })).map(
      (row) => einvoiceToWire(row, portal),
    ),
  );
  serveEndpoint(app, 'einvoiceStatus', async (request) => {
    const row = await findEinvoice(db, request.body.id);
    await context.einvoiceSender?.runRow(row.id);
    return einvoiceToWire(await findEinvoice(db, row.id), portal);
  });
  serveEndpoint(app, 'einvoiceRetry', async (request) => {
    const { staff, terminalId } = signedIn(request);
    const row = await retryEinvoice(db, {
      staffId: staff.id,
      terminalId,
      id: request.body.id,
      timeZone: await venue.timeZone(),
      now: clock(),
      signing: signingKey(),
    });
    context.einvoiceSender?.wake();
    return einvoiceToWire(row, portal);
  });
  serveEndpoint(app, 'einvoiceCancel', async (request) =>
    einvoiceToWire(
      await cancelEinvoice(db, myinvois(), {
        staffId: signedIn(request).staff.id,
        terminalId: signedIn(request).terminalId,
        id: request.body.id,
        reason: request.body.reason,
        now: clock(),
      }),
      portal,
    ),
  );
}
