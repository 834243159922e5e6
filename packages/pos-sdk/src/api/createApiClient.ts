import type * as z from 'zod/mini';
import { DISPLAY_EVENTS_PATH } from '../contract/display';
import { ENDPOINTS, type EndpointName } from '../contract/endpoints';
import { ORDERS_PAGE_DEFAULT, OrderPageSchema } from '../contract/orders';
import { OrderListSchema } from '../contract/sale';
import type { ApiClient, OrderReportStream } from './ApiClient';
import { HealthResponseSchema } from './ApiClient';
import { type ApiConfig, resolveApiConfig } from './ApiConfig';
import { createCallEndpoint, describeCall, type EndpointRequest } from './callEndpoint';
import { readAnswer } from './readAnswer';

/** The calls whose answer is JSON described by a contract schema. */
type JsonEndpointName = {
  [N in EndpointName]: (typeof ENDPOINTS)[N]['response'] extends z.ZodMiniType ? N : never;
}[EndpointName];

/** The parsed answer of a JSON call. */
type AnswerOf<N extends JsonEndpointName> = z.output<NonNullable<(typeof ENDPOINTS)[N]['response']>>;

/** The face photo as the engine takes it: multipart field `file`, a JPEG named `${ticketId}.jpg`. */
function facePhotoForm(ticketId: string, photo: Blob | Uint8Array): FormData {
  const bytes = photo instanceof Uint8Array ? new Uint8Array(photo) : photo;
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'image/jpeg' }), `${ticketId}.jpg`);
  return form;
}

function emptyStream(): ReadableStream<Uint8Array> {
  return new ReadableStream({ start: (controller) => controller.close() });
}

/**
 * The typed HTTP client of the contract, one function per call of `ENDPOINTS`, on `ky`.
 * Works in browsers and Node 20+ (global `fetch`, `FormData`, `Blob`).
 *
 * - Every call sends `X-Host-Name`; all but sign-in, admin login and health send
 *   `Authorization: Bearer <getToken()>`; JSON posts send `Content-Type: application/json`;
 *   credentials are included.
 * - Answers are parsed with the contract (unknown fields dropped); failures are `PosError`s:
 *   each with the wire's code (`errorFromAnswer`): 403 `forbidden` `AuthError` (and `onUnauthorized`), 400
 *   `invalid_request` `ValidationError`, 422 `rule` `RuleError`, and `invalid_credentials`, `not_permitted`,
 *   `not_found`, `conflict`, `locked`, `server_error` as a `PosError` with that code; an unreadable answer
 *   `contract_mismatch`; no answer a `NetworkError` (`network`, or `timeout` after `timeoutMs`).
 * - Keyed calls (checkout, renewMembership, refundOrder, cancelOrder, resendReceipt) send an `Idempotency-Key`
 *   and are retried on `NetworkError` or 5xx with the same key; no other call is retried.
 *
 * @example
 * const api = createApiClient({
 *   baseUrl: 'https://pos.example.com',
 *   getToken: () => session.token,
 *   onUnauthorized: () => session.signOut(),
 * });
 * const receipt = await api.checkout(payload, { idempotencyKey: cart.checkoutKey });
 */
export function createApiClient(config: ApiConfig): ApiClient {
  const resolved = resolveApiConfig(config);
  const callEndpoint = createCallEndpoint(resolved);

  function json<N extends JsonEndpointName>(name: N, request: EndpointRequest = {}): Promise<AnswerOf<N>> {
    const schema: z.ZodMiniType | null = ENDPOINTS[name].response;
    if (schema === null) throw new TypeError(`${name} has no answer schema`);
    return callEndpoint(name, request, (response) =>
      readAnswer(response, schema, describeCall(name)),
    ) as Promise<AnswerOf<N>>;
  }

  return {
    config: resolved,
    health: (options) =>
      callEndpoint('health', options === undefined ? {} : { options }, (response) =>
        readAnswer(response, HealthResponseSchema, describeCall('health')),
      ),
    signIn: (body, options) => json('signIn', { json: body, options }),
    adminLogin: (body, options) => json('adminLogin', { json: body, options }),
    signOut: (options) => json('signOut', { options }),
    pairDevice: (body, options) => json('pairDevice', { json: body, options }),
    kioskEnable: (options) => json('kioskEnable', { json: {}, options }),
    kioskExit: (body, options) => json('kioskExit', { json: body, options }),
    displayPair: (options) => json('displayPair', { json: {}, options }),
    displayClaim: (body, options) => json('displayClaim', { json: body, options }),
    displayStatus: (options) => json('displayStatus', { json: {}, options }),
    displayPublish: (message, options) => json('displayPublish', { json: { message }, options }),
    displayUnpair: (options) => json('displayUnpair', { json: {}, options }),
    displayEventsUrl: (displayToken) =>
      `${resolved.baseUrl.replace(/\/+$/, '')}${DISPLAY_EVENTS_PATH}?token=${encodeURIComponent(displayToken)}`,
    terminalStatus: (options) => json('terminalStatus', { options }),
    terminalList: (options) => json('terminalList', { options }),
    terminalPair: (body, options) => json('terminalPair', { json: body, options }),
    terminalRemove: (body, options) => json('terminalRemove', { json: body, options }),
    users: (options) => json('users', { options }),
    verifyPin: (body, options) => json('verifyPin', { json: body, options }),
    startShift: (options) => json('startShift', { options }),
    setFloat: (body, options) => json('setFloat', { json: body, options }),
    shiftReport: (options) => json('shiftReport', { options }),
    shiftReportOf: (body, options) => json('shiftReportOf', { json: body, options }),
    endShift: (body, options) => json('endShift', { json: body, options }),
    passes: (store = resolved.store, options) => json('passes', { params: { store }, options }),
    merchandises: (store = resolved.store, options) => json('merchandises', { params: { store }, options }),
    checkout: (body, options) => json('checkout', { json: body, options }),
    getOrders: (body, options) =>
      callEndpoint('getOrders', { json: body, options }, (response) =>
        readAnswer(response, OrderListSchema, describeCall('getOrders')),
      ),
    getOrdersPage: (body, options) =>
      callEndpoint(
        'getOrders',
        { json: { ...body, limit: body.limit ?? ORDERS_PAGE_DEFAULT }, options },
        (response) => readAnswer(response, OrderPageSchema, describeCall('getOrders')),
      ),
    getOrder: (body, options) => json('getOrder', { json: body, options }),
    addOrderNote: (body, options) => json('addOrderNote', { json: body, options }),
    cancelOrder: (body, options) => json('cancelOrder', { json: body, options }),
    refundOrder: (body, options) => json('refundOrder', { json: body, options }),
    mailOutbox: (body, options) => json('mailOutbox', { json: body ?? {}, options }),
    resendReceipt: (body, options) => json('resendReceipt', { json: body, options }),
    exportOrderReport: (body, options) =>
      callEndpoint(
        'exportOrderReport',
        { json: body, options },
        async (response): Promise<OrderReportStream> => ({
          contentType: response.headers.get('content-type') ?? 'application/octet-stream',
          body: response.body ?? emptyStream(),
        }),
      ),
    getTicket: (body, options) => json('getTicket', { json: body, options }),
    ticketPhoto: (ticketId, options) =>
      callEndpoint('ticketPhoto', { params: { ticketId }, options }, (response) => response.blob()),
    checkTicketRedeem: (id, body = {}, options) =>
      json('checkTicketRedeem', { params: { id }, json: body, options }),
    annulTicketRedeem: (id, body, options) =>
      json('annulTicketRedeem', { params: { id }, json: body, options }),
    registerFace: (ticketId, photo, options) =>
      json('registerFace', {
        params: { ticketId },
        options,
        ...(photo === undefined ? {} : { form: facePhotoForm(ticketId, photo) }),
      }),
    lookupMembership: (body, options) => json('lookupMembership', { json: body, options }),
    renewMembership: (body, options) => json('renewMembership', { json: body, options }),
    holdMembership: (body, options) => json('holdMembership', { json: body, options }),
    endMembershipHold: (body, options) => json('endMembershipHold', { json: body, options }),
    membershipHolds: (body, options) => json('membershipHolds', { json: body, options }),
    venue: (options) => json('venue', { options }),
    settingsSet: (body, options) => json('settingsSet', { json: body, options }),
    staffList: (options) => json('staffList', { options }),
    staffAdd: (body, options) => json('staffAdd', { json: body, options }),
    staffEdit: (body, options) => json('staffEdit', { json: body, options }),
    staffSetActive: (body, options) => json('staffSetActive', { json: body, options }),
    staffResetPassword: (body, options) => json('staffResetPassword', { json: body, options }),
    staffResetPin: (body, options) => json('staffResetPin', { json: body, options }),
    catalogList: (options) => json('catalogList', { options }),
    catalogAdd: (body, options) => json('catalogAdd', { json: body, options }),
    catalogEdit: (body, options) => json('catalogEdit', { json: body, options }),
    catalogSetActive: (body, options) => json('catalogSetActive', { json: body, options }),
    catalogImport: (body, options) => json('catalogImport', { json: body, options }),
    catalogExport: (body = {}, options) => json('catalogExport', { json: body, options }),
    auditList: (body, options) => json('auditList', { json: body, options }),
    taxList: (options) => json('taxList', { json: {}, options }),
    taxSet: (body, options) => json('taxSet', { json: body, options }),
    taxRemove: (body, options) => json('taxRemove', { json: body, options }),
    salesSummary: (body, options) => json('salesSummary', { json: body, options }),
    einvoiceSettings: (options) => json('einvoiceSettings', { json: {}, options }),
    einvoiceSettingsSet: (body, options) => json('einvoiceSettingsSet', { json: body, options }),
    einvoiceSubmit: (body, options) => json('einvoiceSubmit', { json: body, options }),
    einvoiceList: (body, options) => json('einvoiceList', { json: body ?? {}, options }),
    einvoiceOfOrder: (body, options) => json('einvoiceOfOrder', { json: body, options }),
    einvoiceStatus: (body, options) => json('einvoiceStatus', { json: body, options }),
    einvoiceRetry: (body, options) => json('einvoiceRetry', { json: body, options }),
    einvoiceCancel: (body, options) => json('einvoiceCancel', { json: body, options }),
    stockList: (body, options) => json('stockList', { json: body ?? {}, options }),
    stockImport: (body, options) => json('stockImport', { json: body, options }),
    stockTrack: (body, options) => json('stockTrack', { json: body, options }),
    stockReceive: (body, options) => json('stockReceive', { json: body, options }),
    stockAdjust: (body, options) => json('stockAdjust', { json: body, options }),
    stockCount: (body, options) => json('stockCount', { json: body, options }),
    stockHistory: (body, options) => json('stockHistory', { json: body, options }),
    offlinePrepare: (options) => json('offlinePrepare', { json: {}, options }),
    syncConflicts: (body = {}, options) => json('syncConflicts', { json: body, options }),
    resolveSyncConflict: (body, options) => json('resolveSyncConflict', { json: body, options }),
  };
}
