import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What is worth compressing: text and WebAssembly (images and fonts are compressed already). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|wasm|txt)$/;
/**
 * Smaller files are sent as they are: the `Content-Encoding` header would outweigh the saving. From
 * a few hundred bytes on, brotli saves a large share of the file.
 */
const MIN_BYTES = 256;

/** @param {string} dir @returns {AsyncGenerator<string>} */
async function* filesUnder(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/**
 * Writes `file.br` and `file.gz` beside each compressible file of the build, once, at build time,
 * so the server sends them as they are (`@fastify/static`'s `preCompressed`) instead of
 * compressing on every request. A compressed copy that is not smaller is not written. Plain
 * JavaScript so that `bench/ui.mjs` builds its baseline page with the very same plugin.
 */
/** @returns {import('vite').Plugin} */
export function precompress() {
  let outDir = 'dist';
  return {
    name: 'pos-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    // After the other plugins' last writes (the service worker, sw.js), so they are compressed too.
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        /** @type {Promise<void>[]} */
        const work = [];
        for await (const path of filesUnder(outDir)) {
          if (!COMPRESSIBLE.test(path) || (await stat(path)).size < MIN_BYTES) continue;
          work.push(
            (async () => {
              const raw = await readFile(path);
              const [br, gz] = await Promise.all([
                brotli(raw, {
                  params: {
                    [constants.BROTLI_PARAM_QUALITY]:
                      raw.length > 512 * 1024 ? 9 : constants.BROTLI_MAX_QUALITY,
                    [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
                  },
                }),
                gzipAsync(raw, { level: 9 }),
              ]);
              if (br.length < raw.length) await writeFile(`${path}.br`, br);
              if (gz.length < raw.length) await writeFile(`${path}.gz`, gz);
            })(),
          );
        }
        await Promise.all(work);
      },
    },
  };
}
