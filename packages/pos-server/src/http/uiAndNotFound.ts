import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { SERVER_MESSAGES } from '../serverMessages';

/** Paths of the HTTP API (everything else may be the cashier UI). */
export function isApiPath(url: string): boolean {
  return url.startsWith('/v1/') || url.startsWith('/v2/') || url === '/v1' || url === '/v2';
}

/** Does this folder hold a built UI (an index.html)? */
export function isUiBuild(dir: string | undefined): dir is string {
  return dir !== undefined && existsSync(join(dir, 'index.html'));
}

/**
 * Serves the built cashier UI from `uiDir` (when it holds an index.html) and installs the 404 handler:
 * API paths answer `{message, code: 'not_found'}`; other GET paths of a browser fall back to the UI's
 * index.html (the UI routes itself: /signin, /main, /payment, /orders).
 */
export async function serveUiAndNotFound(app: FastifyInstance, uiDir: string | undefined): Promise<void> {
  const hasUi = isUiBuild(uiDir);
  if (hasUi) {
    await app.register(fastifyStatic, { root: uiDir, wildcard: true, index: 'index.html' });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasUi && isPage && !isApiPath(request.url)) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ message: SERVER_MESSAGES.notFound, code: 'not_found' });
  });
}
