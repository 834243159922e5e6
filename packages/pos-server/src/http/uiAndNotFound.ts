import { existsSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SERVER_MESSAGES } from 'pos-sdk/messages';

/**
 * Is this path a path of the HTTP API? It is decoded, backslashes read as slashes, dot segments and repeated slashes
 * resolved and case ignored first, so `/./V1//admin\\x` counts as the API too: such a path is never answered with
 * the UI.
 */
export function isApiPath(path: string): boolean {
  const raw = path.split('?')[0] ?? '';
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // not valid percent-encoding: judged as it is
  }
  const normalized = posix.normalize(`/${decoded.replaceAll('\\', '/')}`).toLowerCase();
  return /^\/v[12](\/|$)/.test(normalized);
}

/** Does this folder hold a built UI (an index.html)? */
export function isUiBuild(dir: string | undefined): dir is string {
  return dir !== undefined && existsSync(join(dir, 'index.html'));
}

/** Build files named by their content hash (Vite's `assets/`): they never change, so they are cached for good. */
const HASHED_ASSET = /^assets\//;
/** A year, the longest a cache keeps anything; `immutable` spares the revalidation. */
const FOREVER = 'public, max-age=31536000, immutable';
/** index.html (and every UI route answered with it) is revalidated on each load, so a new release shows at once. */
const REVALIDATE = 'no-cache';
/**
 * The service worker that keeps the UI's shell and assets for loading without the server (docs/ui.md), and the web
 * manifest that makes the UI installable. Sent with their types (`application/javascript`,
 * `application/manifest+json`) and revalidated at each check like index.html (`no-cache`), so a release reaches the
 * terminals; neither is ever answered with index.html (a browser would keep its old worker on a page it cannot run).
 */
const SERVICE_WORKER = 'sw.js';
const WEB_MANIFEST = 'manifest.webmanifest';

/** Is this request path one of the UI's files that must never fall back to index.html? */
function isNeverThePage(url: string): boolean {
  const path = (url.split('?')[0] ?? '').replace(/^\/+/, '');
  return path === SERVICE_WORKER || path === WEB_MANIFEST;
}

/**
 * Sends a file of the build: brotli or gzip made at build time when the client takes it (`.br` / `.gz` beside
 * the file; the plain file otherwise), `Vary: Accept-Encoding`, and the cache rule of its kind.
 */
function sendUiFile(reply: FastifyReply, path: string): FastifyReply {
  reply.header('vary', 'Accept-Encoding');
  if (HASHED_ASSET.test(path)) {
    reply.header('cache-control', FOREVER);
  } else {
    reply.header('cache-control', REVALIDATE);
    if (path.endsWith('.html')) reply.type('text/html; charset=utf-8');
  }
  return reply.sendFile(path);
}

/**
 * Whether `path` (a request path without its leading slash) names a file of the build in `uiDir`. Paths with `..`
 * segments, a NUL or a backslash never do. Build files do not change while the server runs, so each answer is kept
 * (a rebuild adds files: a path not found is looked up again next time).
 */
function buildFileLookup(uiDir: string): (path: string) => boolean {
  const files = new Set<string>();
  return (path) => {
    if (files.has(path)) return true;
    if (path === '' || path.includes('\0') || path.includes('\\')) return false;
    const normalized = posix.normalize(path);
    if (
      normalized !== path ||
      normalized.startsWith('../') ||
      normalized === '..' ||
      normalized.startsWith('/')
    ) {
      return false;
    }
    try {
      if (!statSync(join(uiDir, path)).isFile()) return false;
    } catch {
      return false;
    }
    if (files.size < 10_000) files.add(path);
    return true;
  };
}

const notFound = (reply: FastifyReply) =>
  reply.status(404).send({ message: SERVER_MESSAGES.notFound, code: 'not_found' });

/**
 * Serves the built cashier UI from `uiDir` (when it holds an index.html) and installs the 404 handler.
 *
 * The UI is one route, `GET|HEAD /*`, public for every path but the API's (`config.public: 'ui'`, see
 * authentication): a file of the build, or index.html for the UI's own routes (/signin, /main, /payment, /orders),
 * but never for an API path, which answers 404 `not_found` (403 without a token), nor for the service worker or the
 * web manifest (`sw.js`, `manifest.webmanifest`: 404 when the build has none). Everything else that matches no route reaches the 404 handler, which is not public:
 * without a valid token it answers 403 (authentication runs first), with one 404 `not_found`.
 */
export async function serveUiAndNotFound(app: FastifyInstance, uiDir: string | undefined): Promise<void> {
  const hasUi = isUiBuild(uiDir);
  if (hasUi) {
    const isBuildFile = buildFileLookup(uiDir);
    // cacheControl: false for every file, the plain fallback too: sendUiFile sets the cache rule itself.
    await app.register(fastifyStatic, {
      root: uiDir,
      serve: false,
      preCompressed: true,
      cacheControl: false,
    });
    app.route<{ Params: { '*': string } }>({
      method: ['GET', 'HEAD'],
      url: '/*',
      // Public for the UI's own paths only: an API path here (one no endpoint matched) needs a token like any.
      config: { public: 'ui' },
      handler(request, reply) {
        const path = request.params['*'];
        if (isApiPath(path)) return notFound(reply);
        if (path === '' || isBuildFile(path)) return sendUiFile(reply, path === '' ? 'index.html' : path);
        // A UI route (/main, /orders...) or a path that is no file of the build: the page itself, at once. (Sent
        // through the 404 handler, after @fastify/static had looked for the file and its .br and .gz copies, it
        // piled a dozen listeners on the response, and Node warned of a memory leak on each first load.)
        if (isNeverThePage(request.url)) return notFound(reply);
        return sendUiFile(reply, 'index.html');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasUi && isPage && !isApiPath(request.url) && !isNeverThePage(request.url)) {
      return sendUiFile(reply, 'index.html');
    }
    return notFound(reply);
  });
}
