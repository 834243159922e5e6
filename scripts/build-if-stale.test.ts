import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIfStale, PACKAGES, readStamp, STAMP_FILE, staleReason } from './build-if-stale.mjs';

/** Seconds since the epoch, as file times; builds begin at BUILD_AT, files are saved at SAVED (before) or LATER. */
const SAVED = 1_800_000_000;
const BUILD_AT = SAVED + 100;
const LATER = BUILD_AT + 100;

describe('scripts/build-if-stale', () => {
  let root: string;
  let builds: string[];
  let log: string[];
  /** A fake `npm run build -w <name>`: writes the package's output, as the real build does. */
  let build: (root: string, pkg: (typeof PACKAGES)[number]) => boolean;

  const file = (path: string, at = SAVED) => {
    const full = join(root, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, path);
    utimesSync(full, at, at);
  };
  const run = (all = false, startedAt = BUILD_AT) => {
    builds = [];
    log = [];
    return buildIfStale({
      root,
      all,
      build,
      log: (line: string) => log.push(line),
      now: () => startedAt * 1000,
    });
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'pos-build-if-stale-'));
    file('tsconfig.json');
    file('package-lock.json');
    for (const pkg of PACKAGES) {
      file(`${pkg.dir}/package.json`);
      file(`${pkg.dir}/src/index.ts`);
    }
    build = (_root, pkg) => {
      builds.push(pkg.name);
      file(`${pkg.dir}/${pkg.output}`, BUILD_AT);
      return true;
    };
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('builds every package never built, SDK first, and stamps each with the time its build began', () => {
    expect(PACKAGES.map((pkg) => pkg.name)).toEqual([
      'pos-sdk',
      'pos-server',
      'pos-cli',
      'pos-shell',
      'pos-react',
    ]);
    expect(PACKAGES.map((pkg) => staleReason(root, pkg))).toEqual(Array(5).fill('no build stamp'));
    expect(run()).toEqual({
      built: ['pos-sdk', 'pos-server', 'pos-cli', 'pos-shell', 'pos-react'],
      current: [],
    });
    expect(builds).toEqual(['pos-sdk', 'pos-server', 'pos-cli', 'pos-shell', 'pos-react']);
    for (const pkg of PACKAGES) {
      expect(readStamp(root, pkg)).toBe(BUILD_AT * 1000);
      expect(JSON.parse(readFileSync(join(root, pkg.dir, 'dist', STAMP_FILE), 'utf8'))).toEqual({
        builtAt: BUILD_AT * 1000,
      });
    }
  });

  it('builds nothing on a current tree, and says so', () => {
    run();
    expect(run()).toEqual({
      built: [],
      current: ['pos-sdk', 'pos-server', 'pos-cli', 'pos-shell', 'pos-react'],
    });
    expect(builds).toEqual([]);
    expect(log).toEqual(['Up to date, not rebuilt: pos-sdk, pos-server, pos-cli, pos-shell, pos-react']);
  });

  it("rebuilds only what changed: a server source rebuilds the server; the SDK's sources the SDK and the UI that bundles them", () => {
    run();
    file('packages/pos-server/src/staff/routes.ts', LATER);
    expect(run(false, LATER + 1).built).toEqual(['pos-server']);
    expect(log[0]).toBe('Building pos-server (changed since its last build)');

    file('packages/pos-sdk/src/rules/cart.ts', LATER + 2);
    expect(run(false, LATER + 3).built).toEqual(['pos-sdk', 'pos-react']);
    file('packages/pos-react/vite.config.ts', LATER + 4);
    expect(run(false, LATER + 5).built).toEqual(['pos-react']);
    expect(run(false, LATER + 6).built).toEqual([]);
  });

  it('ignores what is no input of a build: tests, e2e, docs, the build itself and dependencies', () => {
    run();
    for (const path of [
      'packages/pos-server/src/staff/__tests__/staff.test.ts',
      'packages/pos-sdk/src/rules/cart.test.ts',
      'packages/pos-react/e2e/sale.test.ts',
      'packages/pos-cli/README.md',
      'packages/pos-cli/dist/bin.js',
      'packages/pos-server/node_modules/x/index.js',
    ]) {
      file(path, LATER);
    }
    expect(run().built).toEqual([]);
  });

  it('rebuilds everything when the installed dependencies or the compiler settings change', () => {
    run();
    file('package-lock.json', LATER);
    expect(run().built).toHaveLength(5);
    file('tsconfig.json', LATER + 1);
    expect(run().built).toHaveLength(5);
  });

  it('counts a file saved while its package was building as a change: the next run builds it again', () => {
    run();
    file('packages/pos-cli/src/main.ts', LATER);
    build = (_root, pkg) => {
      builds.push(pkg.name);
      file(`${pkg.dir}/src/index.ts`, LATER + 20); // saved after the build began, at LATER + 10
      return true;
    };
    expect(run(false, LATER + 10).built).toEqual(['pos-cli']);
    expect(staleReason(root, PACKAGES[2])).toBe('changed since its last build');
    file('packages/pos-cli/src/index.ts', LATER);
    expect(staleReason(root, PACKAGES[2])).toBeUndefined();
  });

  it('stops at a failed build without stamping it, so the next run builds it again; a missing output counts as unbuilt', () => {
    const succeeding = build;
    build = (_root, pkg) => pkg.name !== 'pos-server' && succeeding(_root, pkg);
    expect(run()).toEqual({ built: ['pos-sdk'], current: [], failed: 'pos-server' });
    expect(readStamp(root, PACKAGES[1])).toBeUndefined();

    build = succeeding;
    run();
    expect(builds).toEqual(['pos-server', 'pos-cli', 'pos-shell', 'pos-react']); // the SDK's build stands
    rmSync(join(root, 'packages/pos-cli/dist/bin.js'));
    expect(run().built).toEqual(['pos-cli']);
  });

  it('builds every package with --all (npm run build), current or not', () => {
    run();
    expect(run(true).built).toEqual(['pos-sdk', 'pos-server', 'pos-cli', 'pos-shell', 'pos-react']);
  });

  it('is what npm start runs before the server, and what npm run build (and so npm ci) runs, leaving stamps', () => {
    const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(scripts.start).toBe(
      'node scripts/build-if-stale.mjs && node packages/pos-server/dist/bin.js demo',
    );
    expect(scripts.build).toBe('node scripts/build-if-stale.mjs --all');
    expect(scripts.prepare).toBe('npm run build');
  });
});
