import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.mjs';

const sdk = (path: string) => fileURLToPath(new URL(`../pos-sdk/src/${path}`, import.meta.url));

/** The cashier UI. `npm run dev` proxies the API to the reference server (POS_SERVER, default :8080). */
export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
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
        // React and the dialog library change less often than the app: separate chunks stay cached
        // across releases. Everything else is left where the imports put it, so what a screen loads
        // lazily (order history, membership, the camera's decoder, QR images) stays out of /main.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            {
              name: 'ui',
              test: /node_modules[\\/](@headlessui|@floating-ui|@react-aria|@tanstack|@preact)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
