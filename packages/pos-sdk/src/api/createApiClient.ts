import type * as z from 'zod/mini';
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
 *   403 `AuthError` (and `onUnauthorized`), 401 `InvalidCredentialsError`, 400 `ValidationError`,
 *   404 `NotFoundError`, 409 `ConflictError`, 422 `RuleError`, 429 `LockedError`, 5xx or an
 *   unreadable answer `ServerError`, no answer within `timeoutMs` `NetworkError`.
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
    signIn: (body) => json('signIn', { json: body }),
    adminLogin: (body) => json('adminLogin', { json: body }),
    signOut: (options) => json('signOut', { options }),
    pairDevice: (body, options) => json('pairDevice', { json: body, options }),
    terminalStatus: (options) => json('terminalStatus', { options }),
    terminalList: (options) => json('terminalList', { options }),
    terminalPair: (body, options) => json('terminalPair', { json: body, options }),
    terminalRemove: (body, options) => json('terminalRemove', { json: body, options }),
    users: () => json('users'),
    verifyPin: (body) => json('verifyPin', { json: body }),
    startShift: () => json('startShift'),
    setFloat: (body) => json('setFloat', { json: body }),
    shiftReport: () => json('shiftReport'),
    endShift: (body) => json('endShift', { json: body }),
    passes: (store = resolved.store) => json('passes', { params: { store } }),
    merchandises: (store = resolved.store) => json('merchandises', { params: { store } }),
    checkout: (body, options) => json('checkout', { json: body, options }),
    getOrders: (body) =>
      callEndpoint('getOrders', { json: body }, (response) =>
        readAnswer(response, OrderListSchema, describeCall('getOrders')),
      ),
    getOrdersPage: (body) =>
      callEndpoint('getOrders', { json: { ...body, limit: body.limit ?? ORDERS_PAGE_DEFAULT } }, (response) =>
        readAnswer(response, OrderPageSchema, describeCall('getOrders')),
      ),
    getOrder: (body) => json('getOrder', { json: body }),
    addOrderNote: (body) => json('addOrderNote', { json: body }),
    cancelOrder: (body, options) => json('cancelOrder', { json: body, options }),
    refundOrder: (body, options) => json('refundOrder', { json: body, options }),
    resendReceipt: (body, options) => json('resendReceipt', { json: body, options }),
    exportOrderReport: (body) =>
      callEndpoint(
        'exportOrderReport',
        { json: body },
        async (response): Promise<OrderReportStream> => ({
          contentType: response.headers.get('content-type') ?? 'application/octet-stream',
          body: response.body ?? emptyStream(),
        }),
      ),
    getTicket: (body) => json('getTicket', { json: body }),
    ticketPhoto: (ticketId) =>
      callEndpoint('ticketPhoto', { params: { ticketId } }, (response) => response.blob()),
    checkTicketRedeem: (id, body = {}, options) =>
      json('checkTicketRedeem', { params: { id }, json: body, options }),
    registerFace: (ticketId, photo) =>
      json('registerFace', {
        params: { ticketId },
        ...(photo === undefined ? {} : { form: facePhotoForm(ticketId, photo) }),
      }),
    lookupMembership: (body) => json('lookupMembership', { json: body }),
    renewMembership: (body, options) => json('renewMembership', { json: body, options }),
    venue: () => json('venue'),
    settingsSet: (body) => json('settingsSet', { json: body }),
    staffList: () => json('staffList'),
    staffAdd: (body) => json('staffAdd', { json: body }),
    staffEdit: (body) => json('staffEdit', { json: body }),
    staffSetActive: (body) => json('staffSetActive', { json: body }),
    staffResetPassword: (body) => json('staffResetPassword', { json: body }),
    staffResetPin: (body) => json('staffResetPin', { json: body }),
    catalogList: () => json('catalogList'),
    catalogAdd: (body) => json('catalogAdd', { json: body }),
    catalogEdit: (body) => json('catalogEdit', { json: body }),
    catalogSetActive: (body) => json('catalogSetActive', { json: body }),
    catalogImport: (body) => json('catalogImport', { json: body }),
    catalogExport: (body = {}) => json('catalogExport', { json: body }),
    auditList: (body) => json('auditList', { json: body }),
    offlinePrepare: () => json('offlinePrepare', { json: {} }),
    syncConflicts: (body = {}) => json('syncConflicts', { json: body }),
    resolveSyncConflict: (body) => json('resolveSyncConflict', { json: body }),
  };
}
