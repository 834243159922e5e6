import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './precompress.mjs';

const sdk = (path: string) => fileURLToPath(new URL(`../pos-sdk/src/${path}`, import.meta.url));

/** The API's paths: never answered by the service worker (no cache, no app shell). */
const API_PATH = /^\/v[12](?:\/|$)/i;

/**
 * The installable app (docs/ui.md, "Working offline"): the web manifest, and a Workbox service worker
 * (`sw.js`, generateSW) that precaches the app shell and every asset of the build, the lazy chunks
 * and the camera decoder's WebAssembly included, so the UI opens and sells without the server. A
 * navigation to a UI route (/signin, /main, /payment, /orders...) is answered with the cached
 * index.html; the API (/v1, /v2) is never cached: those requests go to the network as they are.
 * A new release installs in the background and takes over at once (`skipWaiting`, `clientsClaim`);
 * the page shows it at its next load. The page registers the worker itself, after its load event
 * (src/app/registerServiceWorker.ts), so the precache does not compete with the first paint.
 */
function installableApp(): Plugin[] {
  return VitePWA({
    injectRegister: false,
    registerType: 'autoUpdate',
    manifest: {
      name: 'POS',
      short_name: 'POS',
      description: 'Point of sale: sell passes, memberships and merchandise, and check passes at the gate.',
      id: '/',
      start_url: '/main',
      scope: '/',
      display: 'standalone',
      background_color: '#f1f5f9',
      theme_color: '#2452e0',
      icons: [
        { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      // The build's own files (the manifest's icons are added by the plugin); the pre-compressed
      // copies (.br, .gz) and the source maps stay out.
      globPatterns: ['**/*.{js,css,html,wasm}'],
      // The camera's decoder (zxing_reader-*.wasm, about 1.1 MB) is precached too: passes are checked offline.
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [API_PATH],
      // Hashed file names already change with their content: fetched once, without a cache-busting query.
      dontCacheBustURLsMatching: /^assets\//,
      cleanupOutdatedCaches: true,
      skipWaiting: true,
      clientsClaim: true,
      inlineWorkboxRuntime: true,
      sourcemap: false,
      runtimeCaching: [],
    },
  });
}

/** The cashier UI. `npm run dev` proxies the API to the reference server (POS_SERVER, default :8080). */
export default defineConfig({
  // The service worker is made before the compressed copies, so sw.js gets them too.
  plugins: [react(), tailwindcss(), installableApp(), precompress()],
  resolve: {
    alias: [
      { find: /^pos-sdk\/contract$/, replacement: sdk('contract/index.ts') },
      { find: /^pos-sdk\/escpos$/, replacement: sdk('escpos.ts') },
      { find: /^pos-sdk\/money$/, replacement: sdk('money/index.ts') },
      { find: /^pos-sdk\/rules$/, replacement: sdk('rules/index.ts') },
      { find: /^pos-sdk\/messages$/, replacement: sdk('messages.ts') },
      { find: /^pos-sdk\/receipt$/, replacement: sdk('receipt.ts') },
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
        // a screen loads lazily (order history, membership, the camera's decoder, QR images, the dialogs
        // that need the server anyway) stays out of /main. The SDK's money modules go with React: Rolldown
        // 1.2 otherwise splits them out of the first load into chunks of their own once several lazy
        // chunks import them (rolldown/rolldown#10731), two more requests for /main. For the same reason every
        // module the entry loads at start ($initial: statically imported from main.tsx) is grouped with the entry:
        // a lazy chunk that shares a few of them (the back office uses the buttons, dialogs and the hooks that read
        // the Pos) takes them from the first load's chunk instead of splitting them out into chunks of their own,
        // which would add requests and bytes to /main. It also keeps the SDK's errors, rules and dates in it.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|@preact|use-sync-external-store)[\\/]|[\\/]pos-sdk[\\/]src[\\/]money[\\/]/,
              priority: 20,
            },
            {
              name: 'app',
              tags: ['$initial'],
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
