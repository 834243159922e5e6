#!/usr/bin/env node
// The `pos-shell` command's launcher. It is checked in (not built) so that npm links the bin at install time,
// before the `prepare` script has built `dist/`; it then runs the built shell.
import { existsSync } from 'node:fs';

const built = new URL('../dist/bin.js', import.meta.url);
if (!existsSync(built)) {
  process.stderr.write(
    'error: pos-shell is not built yet: run "npm run build -w pos-shell" (or "npm ci") first\n',
  );
  process.exit(1);
}
await import(built.href);
