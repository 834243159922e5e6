import { defineConfig } from 'tsup';
import { bundleSdkFromSource } from '../../tsup.sdk-source';

export default defineConfig({
  entry: { index: 'src/index.ts', bin: 'src/bin.ts' },
  format: ['esm'],
  dts: false,
  sourcemap: true,
  clean: true,
  target: 'node20',
  platform: 'node',
  ...bundleSdkFromSource,
});
