#!/usr/bin/env node
import { runCli } from './cli';
import { boundHeapGrowth } from './heapGrowth';

boundHeapGrowth();

const code = await runCli(process.argv.slice(2), {
  env: process.env,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  isInteractive: process.stdin.isTTY === true,
});
// serve and demo keep running (the listening socket holds the process); everything else ends here.
if (code !== 0) process.exit(code);
