import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const sdk = (path: string) => fileURLToPath(new URL(`../pos-sdk/src/${path}`, import.meta.url));

/** The cashier UI. `npm run dev` proxies the API to the reference server (POS_SERVER, default :8080). */
export default defineConfig({
  plugins: [react(), tailwindcss()],
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
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            {
              name: 'ui',
              test: /node_modules[\\/](@headlessui|@floating-ui|@react-aria|@tanstack|@preact)[\\/]/,
            },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
