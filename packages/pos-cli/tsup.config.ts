import { defineConfig } from 'tsup';

// pos-sdk, zod and ky are dependencies, imported at run time (tsup leaves every dependency external): the
// package ships its own code only, not a second copy of the SDK.
export default defineConfig({
  entry: { bin: 'src/bin.ts' },
  format: ['esm'],
  sourcemap: true,
  clean: true,
  target: 'node20',
  platform: 'node',
  splitting: true,
  banner: { js: '#!/usr/bin/env node' },
});
