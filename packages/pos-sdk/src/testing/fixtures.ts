import type * as z from 'zod/mini';
import type { ENDPOINTS, EndpointName } from '../contract/endpoints';
import generated from './fixtures/answers.generated.json';

/**
 * The answer of a call as it travels on the wire: the JSON its `ENDPOINTS` schema reads (its input type), the CSV
 * text of `exportOrderReport`, `{ ok: true }` of `health`, nothing for `ticketPhoto` (a JPEG).
 */
export type WireAnswer<N extends EndpointName> = (typeof ENDPOINTS)[N]['response'] extends infer S extends
  z.ZodMiniType
  ? z.input<S>
  : N extends 'exportOrderReport'
    ? string
    : N extends 'health'
      ? { ok: boolean }
      : undefined;

/** The JSON body a call sends (its `ENDPOINTS` request schema's input type); `undefined` for calls without one. */
export type WireRequest<N extends EndpointName> = (typeof ENDPOINTS)[N]['request'] extends infer S extends
  z.ZodMiniType
  ? z.input<S>
  : undefined;

/** One call of a real server run: what the SDK sent and what the server answered. */
export interface Fixture<N extends EndpointName = EndpointName> {
  /** The HTTP status of the answer (200). */
  readonly status: number;
  /** The JSON body sent, for calls with a JSON body. */
  readonly request: WireRequest<N>;
  /** The path parameters, for calls with `:param` placeholders (`{ store: 'STORE' }`). */
  readonly params?: Readonly<Record<string, string>>;
  /** The answer body: JSON, the CSV text of a streamed report, absent for the binary face photo. */
  readonly answer: WireAnswer<N>;
  /** The `Content-Type` of an answer that is not JSON. */
  readonly contentType?: string;
}

const FIXTURES = generated as unknown as { readonly [N in EndpointName]: Fixture<N> };

/**
 * The fixture of one call: a deep copy (change it freely) of what the reference server answered in a recorded
 * run of a venue's day: the cashier Ana Cashier on TICKET01 signs in at 10:00 on 22-11-2026 (Kuala Lumpur), opens
 * a shift with a RM 200 float, sells two adult day passes at 10% off (Max Manager's PIN) and grip socks, RM 50 by
 * card and RM 60 cash (invoice `STORE-000001`, two tickets), redeems a ticket, and so on through the back office.
 * Every call of `ENDPOINTS` has one; a test in the SDK parses each with its schema and a server test
 * regenerates them, so they stay what the server answers.
 *
 * @example
 * const receipt = fixture('checkout').answer; // { order: { invoice: { _id: 'STORE-000001' }, ... }, tickets: [...] }
 */
export function fixture<N extends EndpointName>(name: N): Fixture<N> {
  const found = FIXTURES[name];
  if (found === undefined) throw new RangeError(`pos-sdk/testing: no fixture for ${String(name)}`);
  return structuredClone(found);
}

/** The names of the calls that have a fixture: every call of `ENDPOINTS`. */
export function fixtureNames(): EndpointName[] {
  return Object.keys(FIXTURES) as EndpointName[];
}
