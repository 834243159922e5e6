import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// `npm run docs:check` (scripts/docs-check.mjs) on pages written here: it passes a page whose commands work and
// fails, naming the line, on a deliberately broken command or code sample.
const checker = fileURLToPath(new URL('../scripts/docs-check.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'pos-docs-check-'));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function check(name: string, page: string): Promise<{ code: number; output: string }> {
  const file = join(dir, name);
  writeFileSync(file, page);
  return new Promise((resolve) => {
    execFile(process.execPath, [checker, file], { timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

const fence = '```';

describe('docs:check', () => {
  it('runs the commands a page marks runnable, and passes when each exits 0', async () => {
    const run = await check(
      'good.md',
      `# Good\n\n<!-- docs-check: run -->\n\n${fence}console\n$ npx pos-server help\nUsage: pos-server <command>\n$ test -n "$PORT"\n${fence}\n`,
    );
    expect(run.output).toContain('2 commands passed');
    expect(run.code).toBe(0);
  });

  it('fails on a broken command, naming its page and line', async () => {
    const run = await check(
      'broken.md',
      `# Broken\n\n<!-- docs-check: run -->\n\n${fence}sh\nnpx pos-server help\nnpx pos-server no-such-command\n${fence}\n\nNot run:\n\n${fence}sh\nfalse\n${fence}\n`,
    );
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/broken\.md:7: a documented command failed/);
    expect(run.output).toContain('Unknown command "no-such-command"');
  });

  it('fails on a code sample that does not compile, at its line in the page', async () => {
    const run = await check(
      'sample.md',
      `# Sample\n\n<!-- docs-check: compile -->\n\n${fence}ts\nimport { formatRM } from 'pos-sdk/money';\n\nconst total: string = formatRM('49');\n${fence}\n`,
    );
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/sample\.md:8: error TS2345: Argument of type 'string' is not assignable/);
  });
});
