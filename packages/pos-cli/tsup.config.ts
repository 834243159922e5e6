import { defineConfig } from 'tsup';
import { bundleSdkFromSource } from '../../tsup.sdk-source';

export default defineConfig({
  entry: { bin: 'src/bin.ts' },
  format: ['esm'],
  sourcemap: true,
  clean: true,
  target: 'node20',
  platform: 'node',
  splitting: true,
  banner: { js: '#!/usr/bin/env node' },
  ...bundleSdkFromSource,
});
