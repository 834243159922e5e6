import type { Plugin } from 'vite';

/** Writes `.br` and `.gz` copies of each compressible file of the build (see precompress.mjs). */
export function precompress(): Plugin;
