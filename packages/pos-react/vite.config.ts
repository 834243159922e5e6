import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './precompress.mjs';

const sdk = (path: string) => fileURLToPath(new URL(`../pos-sdk/src/${path}`, import.meta.url));

/** zod's two JSON Schema modules (generation from schemas): every classic schema refers to them. */
const ZOD_JSON_SCHEMA = /[\\/]zod[\\/]v4[\\/]core[\\/](?:to-json-schema|json-schema-processors)\.js$/;

/**
 * Builds the UI with zod's JSON Schema generation (`toJSONSchema`, Standard Schema's `jsonSchema`)
 * replaced by functions that throw: every zod schema refers to it, so it cannot be tree-shaken, but
 * the browser never generates JSON Schema (the server and the docs do, with the real zod). 17 kB
 * (4.5 KiB compressed) less on the first load; parsing, the SDK's check of every answer, is zod's
 * own. The stubs are made from the modules' own export names, so a zod update that adds one still
 * builds (and one that moves them only makes the bundle bigger again).
 */
function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'pos-zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      if (!ZOD_JSON_SCHEMA.test(id)) return null;
      const source = await readFile(id, 'utf8');
      const names = new Set<string>();
      for (const match of source.matchAll(
        /^export (?:async )?(?:function\*?|const|let|var|class) ([\w$]+)/gm,
      )) {
        if (match[1]) names.add(match[1]);
      }
      for (const match of source.matchAll(/^export \{([^}]*)\}/gm)) {
        for (const part of (match[1] ?? '').split(',')) {
          const name = part
            .trim()
            .split(/\s+as\s+/)
            .pop();
          if (name) names.add(name);
        }
      }
      return [...names]
        .map(
          (name) =>
            `export function ${name}() { throw new Error("zod's JSON Schema generation is not in the cashier UI's build"); }`,
        )
        .join('\n');
    },
  };
}

/** The cashier UI. `npm run dev` proxies the API to the reference server (POS_SERVER, default :8080). */
export default defineConfig({
  plugins: [zodWithoutJsonSchema(), react(), tailwindcss(), precompress()],
  resolve: {
    alias: [
      { find: /^pos-sdk\/contract$/, replacement: sdk('contract/index.ts') },
      { find: /^pos-sdk$/, replacement: sdk('index.ts') },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/v1': process.env.POS_SERVER ?? 'http://127.0.0.1:8080',
      '/v2': process.env.POS_SERVER ?? 'http://127.0.0.1:8080',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // React (with its router and the signals binding) changes less often than the app: a separate
        // chunk stays cached across releases. Everything else is left where the imports put it, so what
        // a screen loads lazily (order history, membership, the camera's decoder, QR images) stays out
        // of /main.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|@preact|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
