import type { FastifyInstance } from 'fastify';

/**
 * Replaces Fastify's JSON body parser with one that reads an empty body as `{}` (clients send
 * `Content-Type: application/json` on every POST, even those with no payload) and otherwise keeps Fastify's
 * protections against `__proto__` and `constructor` poisoning. Plain-text bodies are not accepted (415): the API
 * speaks JSON (and multipart for the face photo).
 */
export function useLenientJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, {});
      return;
    }
    parseJson(request, text, done);
  });
}
