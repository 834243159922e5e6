import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { ENDPOINTS, type EndpointName } from 'pos-sdk/contract';
import type * as z from 'zod/mini';

type Endpoint<N extends EndpointName> = (typeof ENDPOINTS)[N];

/** The validated body of an endpoint: the output of its contract request schema (undefined for no body). */
export type EndpointBody<N extends EndpointName> = Endpoint<N>['request'] extends z.ZodMiniType
  ? z.output<Endpoint<N>['request']>
  : undefined;

/** What an endpoint's handler returns: the input of its contract response schema. */
export type EndpointReply<N extends EndpointName> = Endpoint<N>['response'] extends z.ZodMiniType
  ? z.input<Endpoint<N>['response']>
  : unknown;

/** The request an endpoint handler gets: body validated against the contract, path params as strings. */
export type EndpointRequest<N extends EndpointName> = FastifyRequest<{
  Body: EndpointBody<N>;
  Params: Record<string, string>;
}>;

/** Extra route options (e.g. a larger `bodyLimit` for an upload). */
export type EndpointOptions = Pick<RouteShorthandOptions, 'bodyLimit'>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract endpoint this route serves. */
    endpoint?: EndpointName;
    /**
     * `true` for routes that need no token (the two sign-in calls and health); `'ui'` for the cashier UI's route,
     * public except for API paths. Every other route needs a valid token (deny by default).
     */
    public?: boolean | 'ui';
    /** `manager`: a back-office route (authentication answers 403 `not_permitted` to anyone else). */
    role?: 'manager';
    /** `true`: a kiosk's token may call it (the contract's `kiosk`); any other route refuses a kiosk. */
    kiosk?: boolean;
  }
}

/**
 * Registers the route of a contract endpoint: method, path, whether it needs a token, and its body and response
 * schemas all come from `ENDPOINTS` of pos-sdk/contract, so server and clients cannot drift apart.
 * A body that fails the schema never reaches the handler (400 with the wrong fields).
 *
 * @example
 * serveEndpoint(app, 'users', async () => listApprovers(db)); // staff/routes.ts
 */
export function serveEndpoint<N extends EndpointName>(
  app: FastifyInstance,
  name: N,
  handler: (request: EndpointRequest<N>, reply: FastifyReply) => Promise<EndpointReply<N>>,
  options: EndpointOptions = {},
): void {
  const endpoint: Endpoint<N> = ENDPOINTS[name];
  const schema: { body?: z.ZodMiniType; response?: Record<number, z.ZodMiniType> } = {};
  if (endpoint.request !== null && endpoint.body === 'json') schema.body = endpoint.request;
  if (endpoint.response !== null) schema.response = { 200: endpoint.response };
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema,
    config: {
      endpoint: name,
      public: !endpoint.auth,
      ...('role' in endpoint && endpoint.role !== undefined ? { role: endpoint.role } : {}),
      ...('kiosk' in endpoint && endpoint.kiosk === true ? { kiosk: true } : {}),
    },
    ...options,
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
