import type { FastifyInstance } from 'fastify';
import { serveEndpoint } from './serveEndpoint';

/** GET /v1/health: `{ok: true}`, no token needed. */
export function healthRoutes(app: FastifyInstance): void {
  serveEndpoint(app, 'health', async () => ({ ok: true }));
}
