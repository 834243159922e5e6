import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', 'contract/index': 'src/contract/index.ts', node: 'src/node.ts' },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  platform: 'neutral',
  external: ['@preact/signals-core', 'zod', 'ky', /^node:/],
});
