#!/usr/bin/env node
// Where a CPU profile's busy time went: `node bench/profileTop.mjs <file.cpuprofile> [top]`.
// Prints the share of busy time (idle excluded) by package (kysely, better-sqlite3, pg, fastify, zod, our
// packages, node internals, GC) and the top functions by self time. Profiles come from
// `BENCH_CPU_PROF=<dir> BENCH_PATHS=checkout npm run bench` (see bench/run.mjs).
import { readFileSync } from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (file === undefined) {
  console.error('usage: node bench/profileTop.mjs <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 15);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map();
for (const [index, id] of profile.samples.entries()) {
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
}

/** The package a frame belongs to, from its script URL. */
function packageOf(url, name) {
  if (name === '(garbage collector)') return 'GC';
  if (name === '(program)') return '(program)';
  if (url === '') return 'native';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1];
  const ours = /packages\/([^/]+)\//.exec(url);
  if (ours) return ours[1];
  if (url.startsWith('node:')) return 'node';
  return url;
}

let busy = 0;
const packages = new Map();
const functions = new Map();
for (const [id, time] of self) {
  const node = byId.get(id);
  const { functionName, url, lineNumber } = node.callFrame;
  if (functionName === '(idle)') continue;
  busy += time;
  const pkg = packageOf(url, functionName);
  packages.set(pkg, (packages.get(pkg) ?? 0) + time);
  const where = url === '' ? '' : ` ${url.replace(/^.*\/(node_modules|packages)\//, '')}:${lineNumber + 1}`;
  const key = `${functionName || '(anonymous)'}${where}`;
  functions.set(key, (functions.get(key) ?? 0) + time);
}
const percent = (time) => `${((100 * time) / busy).toFixed(1).padStart(5)} %`;
console.log(
  `busy ${(busy / 1e6).toFixed(2)} s of ${((profile.endTime - profile.startTime) / 1e6).toFixed(2)} s`,
);
console.log('\nby package (self time)');
for (const [pkg, time] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
  console.log(`${percent(time)}  ${pkg}`);
}
console.log(`\ntop ${top} functions (self time)`);
for (const [key, time] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`${percent(time)}  ${key}`);
}
