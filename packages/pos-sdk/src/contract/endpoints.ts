import type { z } from 'zod';
import {
  AdminLoginRequestSchema,
  AdminLoginResponseSchema,
  SignInRequestSchema,
  SignInResponseSchema,
  UsersResponseSchema,
  VerifyPinRequestSchema,
  VerifyPinResponseSchema,
} from './auth';
import { MerchandiseListSchema, PassListSchema } from './catalog';
import type { WireErrorCode } from './errors';
import {
  LookupMembershipRequestSchema,
  LookupMembershipResponseSchema,
  RenewMembershipResponseSchema,
} from './membership';
import {
  AddOrderNoteRequestSchema,
  CancelOrderRequestSchema,
  ExportOrderReportRequestSchema,
  GetOrderRequestSchema,
  GetOrdersRequestSchema,
  RefundOrderRequestSchema,
} from './orders';
import { EmptyBodySchema } from './primitives';
import { ReceiptSchema } from './receipt';
import { CheckoutRequestSchema, OrderListSchema, OrderSchema } from './sale';
import { EndShiftRequestSchema, SetFloatRequestSchema, ShiftOrEmptySchema, ShiftReportSchema } from './shift';
import { GetTicketRequestSchema, RedeemResponseSchema, TicketSchema } from './ticket';

/** How an endpoint's request body is sent. */
export type BodyKind = 'none' | 'json' | 'multipart';
/** How an endpoint answers. */
export type ResponseKind = 'json' | 'stream' | 'binary';

/** One call of the HTTP contract. */
export interface EndpointDef {
  /** HTTP method. */
  readonly method: 'GET' | 'POST';
  /** Path with `:param` placeholders, e.g. `/v1/passes/:store`. */
  readonly path: string;
  /** One line for the reference. */
  readonly summary: string;
  /** Whether the call needs `Authorization: Bearer` (all but the two sign-in calls and health). */
  readonly auth: boolean;
  /** `engine` calls go to the engine address (the `/v2` ticket calls); `api` to the API address. */
  readonly base: 'api' | 'engine';
  /** Money-moving calls accept `Idempotency-Key`; only they are retried by the client. */
  readonly idempotent: boolean;
  readonly body: BodyKind;
  /** zod schema of the JSON body (`null` when `body` is not `json`). */
  readonly request: z.ZodType | null;
  readonly responseKind: ResponseKind;
  /** zod schema of the JSON answer (`null` when not JSON). */
  readonly response: z.ZodType | null;
  /** Error codes this call answers with, besides the ones every call may give (400, 403, 500). */
  readonly errors: readonly WireErrorCode[];
}

const define = <const T extends Record<string, EndpointDef>>(table: T): T => table;

/**
 * Every call of the contract (design/contract.md), keyed by a name the SDK's api functions share.
 * The server registers its routes from this table and validates with the same schemas.
 */
export const ENDPOINTS = define({
  health: {
    method: 'GET',
    path: '/v1/health',
    summary: 'Liveness check; no token needed.',
    auth: false,
    base: 'api',
    idempotent: false,
    body: 'none',
    request: null,
    responseKind: 'json',
    response: null,
    errors: [],
  },
  signIn: {
    method: 'POST',
    path: '/v1/identity/sign_in',
    summary: 'Reference identity provider: email and password for an idToken.',
    auth: false,
    base: 'api',
    idempotent: false,
    body: 'json',
    request: SignInRequestSchema,
    responseKind: 'json',
    response: SignInResponseSchema,
    errors: ['invalid_credentials', 'locked'],
  },
  adminLogin: {
    method: 'POST',
    path: '/v1/admin_login',
    summary: 'Exchanges the identity result for a user token and the profile.',
    auth: false,
    base: 'api',
    idempotent: false,
    body: 'json',
    request: AdminLoginRequestSchema,
    responseKind: 'json',
    response: AdminLoginResponseSchema,
    errors: ['invalid_credentials'],
  },
  users: {
    method: 'POST',
    path: '/v1/admin/users',
    summary: 'The users list (discount approvers).',
    auth: true,
    base: 'api',
    idempotent: false,
    body: 'json',
    request: EmptyBodySchema,
    responseKind: 'json',
    response: UsersResponseSchema,
    errors: [],
  },
  verifyPin: {
    method: 'POST',
    path: '/v1/admin/verify_pin',
    summary: "Verifies an approver's PIN; answers a single-use approval for a discount.",
    auth: true,
    base: 'api',
    idempotent: false,
    body: 'json',
    request: VerifyPinRequestSchema,
    responseKind: 'json',
    response: VerifyPinResponseSchema,
    errors: ['not_found', 'rule', 'locked'],
  },
  startShift: {
    method: 'POST',
    path: '/v1/admin/start_shift',
    summary: "Returns the terminal's open shift, or opens one.",
    auth: true,
    base: 'api',
    idempotent: false,
    body: 'json',
    request: EmptyBodySchema,
    responseKind: 'json',
    response: ShiftOrEmptySchema,
    errors: [],
  },
  setFloat: {
    method: 'POST',
    path: '/v1/admin/set_float',
    summary: 'Appends a float entry to the open shift.',
    auth: true,
    base: 'api',
    idempotent: false,
    body: 'json',
    request: SetFloatRequestSchema,
    responseKind: 'json',
    response: ShiftOrEmptySchema,
    errors: ['conflict', 'rule'],
  },
  shiftReport: {
    method: 'POST',
    path: '/v1/admin/shift_report',
    summary: 'X report of the open shift so far; nothing is closed.',
    auth: true,
    base: 'api',
    idempotent: false,
    body: 'json',
    request: EmptyBodySchema,
    responseKind: 'json',
    response: ShiftReportSchema,
    errors: ['conflict'],
  },
  endShift: {
    method: 'POST',
    path: '/v1/admin/end_shift',
    summary: 'Closes the open shift with the counted takings; answers the end-of-shift report.',
    auth: true,
    base: 'api',
    idempotent: false,
    body: 'json',
    request: EndShiftRequestSchema,
    responseKind: 'json',
    response: ShiftReportSchema,
    errors: ['conflict'],
  },
  passes: {
    method: 'GET',
    path: '/v1/passes/:store',
    summary: 'Pass products of a store.',
    auth: true,
    base: 'api',
    idempotent: false,
    body: 'none',
    request: null,
    responseKind: 'json',
    response: PassListSchema,
    errors: ['not_found'],
  },
  merchandises: {
    method: 'GET',
    path: '/v1/merchandises/:store',
    summary: 'Merchandise products of a store.',
    auth: true,
    base: 'api',
    idempotent: false,
    body: 'none',
    request: null,
    responseKind: 'json',
    response: MerchandiseListSchema,
    errors: ['not_found'],
  },
  checkout: {
    method: 'POST',
    path: '/v1/checkout',
    summary: 'Sells a cart: one transaction writes order, invoice, tenders and tickets.',
    auth: true,
    base: 'api',
    idempotent: true,
    body: 'json',
    request: CheckoutRequestSchema,
    responseKind: 'json',
    response: ReceiptSchema,
    errors: ['conflict', 'rule'],
  },
  getOrders: {
    method: 'POST',
    path: '/v1/admin/get_orders',
    summary: 'Orders of a period for an origin, newest first, optionally searched.',
    auth: true,
    base: 'api',
    idempotent: false,
    body: 'json',
    request: GetOrdersRequestSchema,
    responseKind: 'json',
    response: OrderListSchema,
    errors: [],
  },
  getOrder: {
    method: 'POST',
    path: '/v1/admin/get_order',
    summary: 'One order by its _id or its invoice id.',
    auth: true,
    base: 'api',
    idempotent: false,
    body: 'json',
    request: GetOrderRequestSchema,
    responseKind: 'json',
    response: OrderSchema,
    errors: ['not_found'],
  },
  addOrderNote: {
    method: 'POST',
    path: '/v1/admin/add_order_note',
    summary: 'Adds a note to an order.',
    auth: true,
    base: 'api',
    idempotent: false,
    body: 'json',
    request: AddOrderNoteRequestSchema,
    responseKind: 'json',
    response: OrderSchema,
    errors: ['not_found'],
  },
  cancelOrder: {
    method: 'POST',
    path: '/v1/admin/cancel_order',
    summary: 'Cancels an order; its tickets become Canceled.',
    auth: true,
    base: 'api',
    idempotent: true,
    body: 'json',
    request: CancelOrderRequestSchema,
    responseKind: 'json',
    response: OrderSchema,
    errors: ['not_found', 'conflict'],
  },
  refundOrder: {
    method: 'POST',
    path: '/v1/admin/refund_order',
    summary: 'Refunds a same-day PAID invoiced order with a reason; its tickets become Canceled.',
    auth: true,
    base: 'api',
    idempotent: true,
    body: 'json',
    request: RefundOrderRequestSchema,
    responseKind: 'json',
    response: OrderSchema,
    errors: ['not_found', 'conflict'],
  },
  exportOrderReport: {
    method: 'POST',
    path: '/v1/admin/export_order_report',
    summary: "The period's orders, streamed as CSV (default) or JSON.",
    auth: true,
    base: 'api',
    idempotent: false,
    body: 'json',
    request: ExportOrderReportRequestSchema,
    responseKind: 'stream',
    response: null,
    errors: [],
  },
  getTicket: {
    method: 'POST',
    path: '/v1/admin/get_ticket',
    summary: 'One ticket by id.',
    auth: true,
    base: 'api',
    idempotent: false,
    body: 'json',
    request: GetTicketRequestSchema,
    responseKind: 'json',
    response: TicketSchema,
    errors: ['not_found'],
  },
  ticketPhoto: {
    method: 'GET',
    path: '/v1/admin/ticket_photo/:ticketId',
    summary: "The ticket's registered face photo (image/jpeg), for staff only.",
    auth: true,
    base: 'api',
    idempotent: false,
    body: 'none',
    request: null,
    responseKind: 'binary',
    response: null,
    errors: ['not_found'],
  },
  checkTicketRedeem: {
    method: 'POST',
    path: '/v2/check_ticket_redeem/:id',
    summary: 'Redeems one use of a ticket; 409 with the reason when it is not redeemable.',
    auth: true,
    base: 'engine',
    idempotent: false,
    body: 'json',
    request: EmptyBodySchema,
    responseKind: 'json',
    response: RedeemResponseSchema,
    errors: ['not_found', 'conflict'],
  },
  registerFace: {
    method: 'POST',
    path: '/v2/register_face/:ticketId',
    summary:
      'Registers a face photo (multipart field file, JPEG ≤ 2 MB), or no body for a used non-shareable ticket.',
    auth: true,
    base: 'engine',
    idempotent: false,
    body: 'multipart',
    request: null,
    responseKind: 'json',
    response: TicketSchema,
    errors: ['not_found', 'conflict', 'payload_too_large'],
  },
  lookupMembership: {
    method: 'POST',
    path: '/v1/lookup_membership',
    summary: 'A member by email, with their orders and tickets; 404 when none.',
    auth: true,
    base: 'api',
    idempotent: false,
    body: 'json',
    request: LookupMembershipRequestSchema,
    responseKind: 'json',
    response: LookupMembershipResponseSchema,
    errors: ['not_found'],
  },
  renewMembership: {
    method: 'POST',
    path: '/v1/renew_membership',
    summary: "Renews a member's membership by the chosen months.",
    auth: true,
    base: 'api',
    idempotent: true,
    body: 'json',
    request: CheckoutRequestSchema,
    responseKind: 'json',
    response: RenewMembershipResponseSchema,
    errors: ['not_found', 'conflict', 'rule'],
  },
});

/** The name of a call of the contract. */
export type EndpointName = keyof typeof ENDPOINTS;

/** Fills `:param` placeholders of a path, URL-encoding each value. */
export function buildPath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new RangeError(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
