import type { FastifyInstance } from 'fastify';

/** The request headers of the contract a browser may send cross-origin. */
const ALLOWED_HEADERS = 'Authorization, Content-Type, X-Host-Name, Idempotency-Key, X-Offline-Replay';

/**
 * Lets web apps on the configured origins call the API from a browser with credentials (the SDK sends
 * `credentials: 'include'`). Registered before authentication: a preflight (`OPTIONS` with
 * `Access-Control-Request-Method`) carries no token and is answered here with 204. Origins not in the list get
 * no CORS headers, so the browser keeps refusing them; nothing changes for same-origin or non-browser callers.
 */
export function installCors(app: FastifyInstance, origins: readonly string[]): void {
  if (origins.length === 0) return;
  const allowed = new Set(origins);
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (origin === undefined || !allowed.has(origin)) return;
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Access-Control-Allow-Credentials', 'true');
    reply.header('Access-Control-Expose-Headers', 'Content-Disposition, Content-Type');
    reply.header('Vary', 'Origin');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      reply.header('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
      reply.header('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      reply.header('Access-Control-Max-Age', '600');
      return reply.code(204).send();
    }
  });
}
