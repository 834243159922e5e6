#!/usr/bin/env node
// The `pos` command's launcher. It is checked in (not built) so that npm links the `pos` bin at
// install time, before the `prepare` script has built `dist/`; it then runs the built CLI.
import { existsSync } from 'node:fs';

const built = new URL('../dist/bin.js', import.meta.url);
if (!existsSync(built)) {
  process.stderr.write('error: pos is not built yet: run "npm run build -w pos-cli" (or "npm ci") first\n');
  process.exit(1);
}
await import(built.href);
