#!/usr/bin/env node
// Keeps package-lock.json installable with `npm ci` on our registry.
//
// The registry our machines reach does not carry every platform build of some native packages
// (e.g. @rollup/rollup-android-arm64, @biomejs/cli-darwin-arm64 at the versions we use). npm then
// writes a lock whose entries still name those optional dependencies but has no entry for them,
// and `npm ci` refuses the lock ("Missing: @rollup/rollup-android-arm64@ from lock file").
// This drops, from each entry's optionalDependencies, the packages the lock has no entry for:
// they are other platforms' builds that can never be installed from this registry anyway.
//
//   node scripts/prune-lockfile.mjs          rewrite package-lock.json (after any npm install)
//   node scripts/prune-lockfile.mjs --check  exit 1 when the lock needs pruning
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const present = new Set(
  Object.keys(lock.packages)
    .filter((key) => key.includes('node_modules/'))
    .map((key) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length)),
);

const pruned = [];
for (const [key, entry] of Object.entries(lock.packages)) {
  const optional = entry.optionalDependencies;
  if (!optional) continue;
  for (const name of Object.keys(optional)) {
    if (present.has(name)) continue;
    delete optional[name];
    pruned.push(`${key || '(root)'} -> ${name}`);
  }
  if (Object.keys(optional).length === 0) delete entry.optionalDependencies;
}

if (process.argv.includes('--check')) {
  if (pruned.length > 0) {
    console.error(`package-lock.json names ${pruned.length} optional packages it has no entry for;`);
    console.error('run `node scripts/prune-lockfile.mjs` (npm ci refuses such a lock).');
    process.exit(1);
  }
} else {
  writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(
    pruned.length === 0
      ? 'package-lock.json: nothing to prune'
      : `pruned ${pruned.length}:\n  ${pruned.join('\n  ')}`,
  );
}
