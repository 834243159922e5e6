import { fileURLToPath } from 'node:url';

const sdk = (path: string) => fileURLToPath(new URL(`./packages/pos-sdk/src/${path}`, import.meta.url));

/**
 * tsup options shared by the Node packages (server, CLI): they compile `pos-sdk` from its sources
 * into their own bundle, so they run without the SDK's `dist` and start with one module graph.
 */
export const bundleSdkFromSource = {
  noExternal: [/^pos-sdk/],
  esbuildOptions(options: { alias?: Record<string, string> }) {
    options.alias = {
      ...options.alias,
      'pos-sdk/contract': sdk('contract/index.ts'),
      'pos-sdk/node': sdk('node.ts'),
      'pos-sdk': sdk('index.ts'),
    };
  },
};
