import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'contract/index': 'src/contract/index.ts',
    'money/index': 'src/money/index.ts',
    'rules/index': 'src/rules/index.ts',
    messages: 'src/messages.ts',
    receipt: 'src/receipt.ts',
    node: 'src/node.ts',
    'testing/index': 'src/testing/index.ts',
    escpos: 'src/escpos.ts',
  },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  platform: 'neutral',
  external: ['@preact/signals-core', 'zod', 'ky', /^node:/],
});
