import { type Dirent, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

/**
 * Vitest global setup of the projects whose tests run built packages (`dist`), not sources: the CLI tests spawn
 * `pos-cli/dist/bin.js` against `pos-server/dist/bin.js`, the UI tests drive `pos-react/dist` served by that server.
 * A build older than its sources would test old code and pass or fail for the wrong reason, so the run stops at
 * once with what to do. `npm test` builds first; a single project alone needs `npm run build` after an edit.
 */

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** For each project name: the packages whose build it runs, each with the source folders its build is made of. */
const BUILDS_RUN: Readonly<Record<string, readonly { dist: string; sources: readonly string[] }[]>> = {
  cli: [
    { dist: 'packages/pos-sdk/dist', sources: ['packages/pos-sdk/src'] },
    { dist: 'packages/pos-server/dist', sources: ['packages/pos-server/src'] },
    // The CLI imports the SDK's build (pos-sdk/dist) at run time.
    { dist: 'packages/pos-cli/dist', sources: ['packages/pos-cli/src'] },
  ],
  ui: [
    { dist: 'packages/pos-sdk/dist', sources: ['packages/pos-sdk/src'] },
    { dist: 'packages/pos-server/dist', sources: ['packages/pos-server/src'] },
    { dist: 'packages/pos-react/dist', sources: ['packages/pos-react/src', 'packages/pos-sdk/src'] },
    // The desktop shell's end-to-end test runs the built `pos-shell` in front of the server.
    { dist: 'packages/pos-shell/dist', sources: ['packages/pos-shell/src'] },
  ],
};

/** The newest modification time under `dir` (tests excluded: they are not built), or 0 when it does not exist. */
export function newestMtime(dir: string): number {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  let newest = 0;
  for (const entry of entries) {
    if (entry.name === '__tests__' || /\.test(-d)?\.tsx?$/.test(entry.name)) continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * The problems with the builds `builds` (paths relative to `root`): a `dist` that is missing or older than the
 * newest of its sources. Empty when all are fresh.
 */
export function staleBuilds(
  root: string,
  builds: readonly { dist: string; sources: readonly string[] }[],
): string[] {
  const problems: string[] = [];
  for (const { dist, sources } of builds) {
    const builtAt = newestMtime(join(root, dist));
    if (builtAt === 0) {
      problems.push(`${dist} is missing: run npm run build`);
      continue;
    }
    const newestSource = Math.max(...sources.map((source) => newestMtime(join(root, source))));
    if (builtAt < newestSource) problems.push(`${dist} is older than its sources: run npm run build`);
  }
  return problems;
}

/** Throws, before any test of the project runs, when a build it runs is missing or stale. */
export default function requireFreshBuilds(project: TestProject): void {
  const problems = staleBuilds(ROOT, BUILDS_RUN[project.name] ?? []);
  if (problems.length > 0) {
    throw new Error(`The ${project.name} tests run the built packages, but ${problems.join('; ')}.`);
  }
}
