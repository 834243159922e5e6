import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatRM, sen } from 'pos-sdk/money';
import { checkEinvoiceBuyer, formatVenueDateTime } from 'pos-sdk/rules';
import { type AttemptPolicy, admitAttempt } from '../auth';
import type { OrderRow } from '../db/Database';
import type { AppContext } from '../http/AppContext';
import { HttpProblem } from '../http/HttpProblem';
import { qrCodePng } from '../mail';
import { readVenueSettings } from '../venue';
import {
  closedText,
  issuedPage,
  messagePage,
  REQUEST_PAGE_CSP,
  type RequestSale,
  requestFormPage,
} from './buyerRequestPage';
import { einvoiceToWire } from './einvoiceOutbox';
import { queueSaleEinvoice, requestClosed, saleEinvoice } from './individualEinvoice';
import { orderOfToken, REQUEST_PAGE_PATH } from './requestToken';
import type { SigningCredentials } from './signingCredentials';

/**
 * The request page's limit per client address, GET and POST together, counted in the database like the sign-in
 * limits (so every instance shares it): 30 requests within 10 minutes, then 10 minutes' wait. A buyer needs a few;
 * a token cannot be guessed (128 bits) however many are tried.
 */
export const REQUEST_PAGE_POLICY: AttemptPolicy = {
  maxFailures: 30,
  windowMs: 10 * 60_000,
  lockMs: 10 * 60_000,
};

/** The form's fields read from the posted body; anything else is ignored. */
const FORM_FIELDS = [
  'name',
  'tin',
  'id_type',
  'id_value',
  'sst_no',
  'address_line',
  'city',
  'postcode',
  'state_code',
  'country',
  'phone',
  'email',
] as const;

/** Longest text kept of one posted field (the rules name what is too long; this only bounds what is echoed). */
const FIELD_MAX = 400;

/**
 * The buyer's e-invoice request page, public (no sign-in): `GET /e-invoice/<token>` shows the sale (venue, receipt,
 * date, total) and the form, or the sale's e-invoice and where it stands, or why no request is taken;
 * `POST /e-invoice/<token>` (an HTML form, `application/x-www-form-urlencoded`) checks the buyer's details
 * (`checkEinvoiceBuyer`: 400 with the form and every problem in words), queues the sale's e-invoice
 * (`queueSaleEinvoice`) and answers 303 to the page, which then shows it. Plain HTML without script, a strict CSP,
 * no caching, no referrer; rate-limited per client address ({@link REQUEST_PAGE_POLICY}, 429). Without e-invoicing
 * on this server every token answers 404.
 */
export function buyerRequestRoutes(
  app: FastifyInstance,
  context: AppContext,
  signingKey: () => SigningCredentials | undefined,
): void {
  const { db, config, clock, venue } = context;
  const portal = config.einvoice?.portalUrl ?? '';

  const send = (reply: FastifyReply, status: number, html: string) =>
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', REQUEST_PAGE_CSP)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-content-type-options', 'nosniff')
      .header('x-frame-options', 'DENY')
      .send(html);

  /** The sale a page shows, from its order (the venue's name and time zone, the receipt number, the total). */
  const saleOf = async (order: OrderRow, receipt: string): Promise<RequestSale> => {
    const timeZone = await venue.timeZone();
    const settings = await readVenueSettings(db, { store: config.store, timeZone });
    return {
      venueName: settings.name,
      receipt,
      date: formatVenueDateTime(order.created_at, timeZone),
      total: formatRM(sen(Number(order.total_sen))),
    };
  };

  /** Admits the request, finds its order, and answers the pages that end it; undefined when answered. */
  const open = async (
    request: FastifyRequest<{ Params: { token: string } }>,
    reply: FastifyReply,
  ): Promise<{ order: OrderRow; sale: RequestSale } | undefined> => {
    const now = clock();
    const admission = await admitAttempt(db, `einvoice_request:${request.ip}`, REQUEST_PAGE_POLICY, now);
    if (!admission.admitted) {
      const minutes = Math.max(1, Math.ceil((admission.lockedUntil.getTime() - now.getTime()) / 60_000));
      reply.header('retry-after', String(minutes * 60));
      send(
        reply,
        429,
        messagePage(
          'Too many requests',
          `Too many requests from your network: try again in ${minutes} minutes.`,
        ),
      );
      return undefined;
    }
    const notFound = () => {
      send(
        reply,
        404,
        messagePage('Link not valid', 'This e-invoice link is not valid. Check the link on your receipt.'),
      );
      return undefined;
    };
    if (config.einvoice === undefined) return notFound();
    const orderId = await orderOfToken(db, config.store, request.params.token, now);
    if (orderId === undefined) return notFound();
    const found = await db
      .selectFrom('orders')
      .innerJoin('invoices', 'invoices.order_id', 'orders.id')
      .selectAll('orders')
      .select('invoices.id as receipt')
      .where('orders.id', '=', orderId)
      .executeTakeFirst();
    if (found === undefined) return notFound();
    const { receipt, ...order } = found;
    return { order, sale: await saleOf(order, receipt) };
  };

  /** The page of a sale that has its e-invoice already. */
  const issued = async (reply: FastifyReply, sale: RequestSale, orderId: string): Promise<boolean> => {
    const row = await saleEinvoice(db, orderId);
    if (row === undefined) return false;
    const document = einvoiceToWire(row, portal);
    const buyer = await db
      .selectFrom('einvoice_buyers')
      .select('email')
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    const link = document.validation_link;
    const qr =
      link === null ? undefined : `data:image/png;base64,${(await qrCodePng(link)).toString('base64')}`;
    send(
      reply,
      200,
      issuedPage(sale, document, {
        ...(qr === undefined ? {} : { qrDataUrl: qr }),
        ...(buyer === undefined || buyer.email === '' || document.status === 'valid'
          ? {}
          : { emailedTo: buyer.email }),
      }),
    );
    return true;
  };

  /** Answers the closed page when no request is taken; true when it did. */
  const closed = async (reply: FastifyReply, order: OrderRow, sale: RequestSale): Promise<boolean> => {
    const why = await requestClosed(db, {
      store: config.store,
      order,
      timeZone: await venue.timeZone(),
      now: clock(),
    });
    if (why === null) return false;
    send(reply, 409, messagePage('No e-invoice request', closedText(why), sale));
    return true;
  };

  void app.register(async (scope) => {
    // The form's body, only here: the API takes JSON only.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => {
        const params = new URLSearchParams(String(body));
        const values: Record<string, string> = {};
        for (const field of FORM_FIELDS) values[field] = (params.get(field) ?? '').slice(0, FIELD_MAX);
        done(null, values);
      },
    );

    // Public to the authentication hook; logged at warn only: the request log would carry the token in the URL.
    const routeOptions = { config: { public: true }, logLevel: 'warn' } as const;

    scope.get<{ Params: { token: string } }>(
      `${REQUEST_PAGE_PATH}/:token`,
      routeOptions,
      async (request, reply) => {
        const found = await open(request, reply);
        if (found === undefined) return reply;
        const { order, sale } = found;
        if (await issued(reply, sale, order.id)) return reply;
        if (await closed(reply, order, sale)) return reply;
        return send(reply, 200, requestFormPage(sale, { email: order.customer_email ?? '' }));
      },
    );

    scope.post<{ Params: { token: string }; Body: unknown }>(
      `${REQUEST_PAGE_PATH}/:token`,
      routeOptions,
      async (request, reply) => {
        const found = await open(request, reply);
        if (found === undefined) return reply;
        const { order, sale } = found;
        if (await issued(reply, sale, order.id)) return reply;
        if (await closed(reply, order, sale)) return reply;
        // The form's fields as text, whatever was posted (a JSON body too): anything else is ignored.
        const posted = (
          typeof request.body === 'object' && request.body !== null ? request.body : {}
        ) as Record<string, unknown>;
        const values: Record<string, string> = {};
        for (const field of FORM_FIELDS) {
          const value = posted[field];
          values[field] = typeof value === 'string' ? value.slice(0, FIELD_MAX) : '';
        }
        const checked = checkEinvoiceBuyer(values);
        if (!checked.ok) return send(reply, 400, requestFormPage(sale, values, checked.issues));
        try {
          await queueSaleEinvoice(db, {
            store: config.store,
            orderId: order.id,
            buyer: checked.buyer,
            source: 'request',
            timeZone: await venue.timeZone(),
            now: clock(),
            signing: signingKey(),
          });
        } catch (error) {
          if (!(error instanceof HttpProblem)) throw error;
          request.log.warn({ err: error, order: order.id }, 'e-invoice request not queued');
          return send(
            reply,
            409,
            messagePage(
              'E-invoice not available',
              'The venue cannot issue e-invoices right now. Please try again later or ask the venue.',
              sale,
            ),
          );
        }
        context.einvoiceSender?.wake();
        return reply.redirect(request.url, 303);
      },
    );
  });
}
