#!/usr/bin/env node
// Builds the packages whose build is older than their sources, in dependency order, and stamps each build:
//   node scripts/build-if-stale.mjs         what `npm start` runs first: only the stale packages
//   node scripts/build-if-stale.mjs --all   what `npm run build` (and so `npm ci`'s prepare) runs: every package
// A stamp (`dist/.build-stamp`) holds the time its package's last successful build began. A package is stale when
// it has no stamp or no output, or when one of its inputs (its own files, and for the UI the SDK's sources, which
// it bundles) or the repository's tsconfig.json or package-lock.json changed after that time. Building removes the
// old stamp first (tsup and vite empty dist), so a failed build is never taken for a current one.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The file in a package's `dist` that records its last successful build. */
export const STAMP_FILE = '.build-stamp';

/**
 * The packages with a build, in the order they are built (the SDK first: the others import or bundle it). `inputs`
 * are paths relative to the repository; `output` is a file the build makes (its absence means "not built").
 */
export const PACKAGES = [
  { name: 'pos-sdk', dir: 'packages/pos-sdk', inputs: ['packages/pos-sdk'], output: 'dist/index.js' },
  { name: 'pos-server', dir: 'packages/pos-server', inputs: ['packages/pos-server'], output: 'dist/bin.js' },
  { name: 'pos-cli', dir: 'packages/pos-cli', inputs: ['packages/pos-cli'], output: 'dist/bin.js' },
  { name: 'pos-shell', dir: 'packages/pos-shell', inputs: ['packages/pos-shell'], output: 'dist/bin.js' },
  // Vite bundles the SDK from its sources (vite.config.ts aliases pos-sdk to packages/pos-sdk/src).
  {
    name: 'pos-react',
    dir: 'packages/pos-react',
    inputs: ['packages/pos-react', 'packages/pos-sdk/src'],
    output: 'dist/index.html',
  },
];

/** Inputs of every package: the compiler settings they extend, and the installed dependencies' versions. */
export const SHARED_INPUTS = ['tsconfig.json', 'package-lock.json'];

/** Folders and files that are no input of a build: its output, dependencies, tests and docs. */
function isIgnored(name) {
  return (
    name === 'dist' ||
    name === 'node_modules' ||
    name === '__tests__' ||
    name === 'e2e' ||
    name.startsWith('.') ||
    /\.test(-d)?\.tsx?$/.test(name) ||
    /\.md$/.test(name)
  );
}

/** The newest modification time (ms) of a file, or of the files under a folder (ignored ones left out); 0 if none. */
export function newestMtime(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (isIgnored(entry.name)) continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/** When the package's last successful build began (ms), from its stamp; undefined without a readable stamp. */
export function readStamp(root, pkg) {
  try {
    const builtAt = JSON.parse(readFileSync(join(root, pkg.dir, 'dist', STAMP_FILE), 'utf8')).builtAt;
    return typeof builtAt === 'number' ? builtAt : undefined;
  } catch {
    return undefined;
  }
}

/** Records a successful build of the package that began at `builtAt` (ms). */
export function writeStamp(root, pkg, builtAt) {
  mkdirSync(join(root, pkg.dir, 'dist'), { recursive: true });
  writeFileSync(join(root, pkg.dir, 'dist', STAMP_FILE), `${JSON.stringify({ builtAt })}\n`);
}

/** Why the package needs a build ('never built', 'changed since its last build'), or undefined when it is current. */
export function staleReason(root, pkg) {
  const builtAt = readStamp(root, pkg);
  if (builtAt === undefined || !existsSync(join(root, pkg.dir, pkg.output))) return 'no build stamp';
  const inputs = [...pkg.inputs, ...SHARED_INPUTS].map((input) => newestMtime(join(root, input)));
  return Math.max(...inputs) > builtAt ? 'changed since its last build' : undefined;
}

/** Runs `npm run build` in the package's workspace; true when it succeeded. */
function npmBuild(root, pkg) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build', '--workspace', pkg.name], { cwd: root, stdio: 'inherit' });
  return result.status === 0;
}

/**
 * Builds the stale packages (every package with `all`) in {@link PACKAGES} order and stamps each build that
 * succeeded. The stamp holds the time the build began, so a file saved during the build makes it stale again.
 *
 * @param {{ root: string, all?: boolean, build?: (root: string, pkg: object) => boolean, log?: (line: string) => void, now?: () => number }} options
 * @returns {{ built: string[], current: string[], failed?: string }} the packages built and left as they were;
 *   `failed` names the package whose build failed (the ones after it are not built).
 */
export function buildIfStale({ root, all = false, build = npmBuild, log = console.log, now = Date.now }) {
  const built = [];
  const current = [];
  for (const pkg of PACKAGES) {
    const reason = all ? 'build of every package' : staleReason(root, pkg);
    if (reason === undefined) {
      current.push(pkg.name);
      continue;
    }
    log(`Building ${pkg.name} (${reason})`);
    const startedAt = now();
    if (!build(root, pkg)) return { built, current, failed: pkg.name };
    writeStamp(root, pkg, startedAt);
    built.push(pkg.name);
  }
  if (current.length > 0) log(`Up to date, not rebuilt: ${current.join(', ')}`);
  return { built, current };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = fileURLToPath(new URL('../', import.meta.url));
  const result = buildIfStale({ root, all: process.argv.includes('--all') });
  if (result.failed !== undefined) {
    console.error(`The build of ${result.failed} failed: nothing after it was built.`);
    process.exit(1);
  }
}
