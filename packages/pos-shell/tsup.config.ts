import { defineConfig } from 'tsup';

// pos-sdk and commander are dependencies, imported at run time (tsup leaves every dependency external).
export default defineConfig({
  entry: { bin: 'src/bin.ts', index: 'src/index.ts' },
  format: ['esm'],
  sourcemap: true,
  clean: true,
  target: 'node20',
  platform: 'node',
  splitting: true,
});
