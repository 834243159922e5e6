#!/usr/bin/env node
// npm run docs:check: every command and code sample of README.md and docs/*.md that is marked runnable runs as
// written, against fresh servers on temporary databases; the tables of settings and commands match the code.
//
// A block is runnable when the line before it (a blank line between is allowed) is one of:
//
//   <!-- docs-check: run -->                   sh / console: each command runs in bash; any non-zero exit fails
//   <!-- docs-check: run background -->        a server command: started, waited for (GET /v1/health on $PORT),
//                                              stopped when the page is done
//   <!-- docs-check: run env NAME=value … -->  the same, with these variables set (a password a prompt would ask)
//   <!-- docs-check: compile -->               ts: type-checked (tsc, strict, the project's tsconfig)
//   <!-- docs-check: file NAME -->             the block is saved as NAME, for the commands after it to read
//
// In a `console` block the commands are the lines after `$ `; the other lines are output and are not compared.
// A block whose first line is `#!/bin/sh` is one script. Commands run with no terminal (stdin is /dev/null, so
// a command that would ask something fails instead of waiting), from a new folder under .docs-check/ (inside the
// repository, so `npx pos` finds the workspace's bins; `pos` is on PATH as after an install), with:
//
//   - a demo server (`pos-server demo`: demo staff and catalogue, a new SQLite database) for the addresses the docs
//     give it, http://127.0.0.1:8080 and http://localhost:8080, started when a page first needs it;
//   - a free PORT for the servers the page starts itself, and http://pos.bukitclimb.lan:8080 pointing there;
//   - paths the docs give at the root (/var/lib/pos, /backup, /backups) moved under the page's folder.
//
// Usage: node scripts/docs-check.mjs [FILE.md …]   (default: README.md and docs/*.md; exit 1 on any failure)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { basename, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'node_modules', '.bin');
const workRoot = join(root, '.docs-check', String(process.pid));
/** A page's commands together, on a loaded 2-core machine (docs/cli.md takes about 2 minutes). */
const PAGE_TIMEOUT_MS = 10 * 60_000;

/** One runnable block of a page. */
/** @typedef {{ file: string, line: number, mode: 'run' | 'compile', background: boolean, env: Record<string, string>, lang: string, code: string }} Block */

/** The marked blocks of a markdown file, with the line (1-based) of their first code line. */
export function blocksOf(file, text) {
  const lines = text.split('\n');
  /** @type {Block[]} */
  const blocks = [];
  for (let index = 0; index < lines.length; index += 1) {
    const marker = /^\s*<!-- docs-check: (run|compile|file)(.*?)-->\s*$/.exec(lines[index] ?? '');
    if (!marker) continue;
    let start = index + 1;
    while ((lines[start] ?? '').trim() === '') start += 1;
    const fence = /^(\s*)```(\w*)/.exec(lines[start] ?? '');
    if (!fence) throw new Error(`${file}:${index + 1}: a docs-check marker must be followed by a code block`);
    const indent = fence[1]?.length ?? 0;
    let end = start + 1;
    while (end < lines.length && !/^\s*```\s*$/.test(lines[end] ?? '')) end += 1;
    const options = (marker[2] ?? '').trim();
    const env = Object.fromEntries(
      [...options.matchAll(/(\w+)=(\S+)/g)].map((match) => [match[1] ?? '', match[2] ?? '']),
    );
    blocks.push({
      file,
      line: start + 2,
      mode: /** @type {'run' | 'compile' | 'file'} */ (marker[1]),
      name: options.split(/\s+/)[0] ?? '',
      background: /\bbackground\b/.test(options),
      env,
      lang: fence[2] ?? '',
      code: lines
        .slice(start + 1, end)
        .map((line) => line.slice(indent))
        .join('\n'),
    });
    index = end;
  }
  return blocks;
}

/** The commands of a shell block, each with its line: `$ ` lines of a console block, else every line; `\` joins. */
export function commandsOf(block) {
  if (block.mode === 'file') return [];
  const lines = block.code.split('\n');
  if (lines[0]?.startsWith('#!')) return [{ line: block.line, text: block.code, script: true }];
  const commands = [];
  for (let index = 0; index < lines.length; index += 1) {
    let text = lines[index] ?? '';
    const line = block.line + index;
    if (block.lang === 'console') {
      if (!text.startsWith('$ ')) continue;
      text = text.slice(2);
    }
    if (text.trim() === '' || text.trim().startsWith('#')) continue;
    while (text.endsWith('\\') && index + 1 < lines.length) {
      index += 1;
      text = `${text}\n${lines[index] ?? ''}`;
    }
    commands.push({ line, text, script: false });
  }
  return commands;
}

/** A TCP port nobody listens on now. */
function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Waits until GET url/v1/health answers, or fails after `ms`. */
async function waitForHealth(url, ms, log) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const answer = await fetch(`${url}/v1/health`);
      if (answer.ok) return;
    } catch {}
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`no answer from ${url}/v1/health within ${ms / 1000} s\n${readLog(log)}`);
}

const readLog = (path) =>
  existsSync(path) ? readFileSync(path, 'utf8').split('\n').slice(-20).join('\n') : '';

/** A page's path as the messages give it: relative to the repository when it is inside it. */
const shown = (file) => (file.startsWith(root) ? relative(root, file) : file);

const quote = (text) => `'${text.replaceAll("'", `'"'"'`)}'`;

/** Runs the shell blocks of one page in one bash, in order; resolves to the failures (empty when all passed). */
async function runPage(file, blocks) {
  const dir = join(workRoot, basename(file, '.md'));
  mkdirSync(join(dir, 'config'), { recursive: true });
  const port = await freePort();
  let demo;
  const needsDemo = blocks.some((block) => /(127\.0\.0\.1|localhost):8080/.test(block.code));
  if (needsDemo) {
    const demoPort = await freePort();
    const demoDir = join(dir, 'demo');
    mkdirSync(demoDir, { recursive: true });
    const log = join(dir, 'demo-server.log');
    const out = (await import('node:fs')).openSync(log, 'w');
    const child = spawn(process.execPath, [join(root, 'packages/pos-server/bin/pos-server.js'), 'demo'], {
      cwd: demoDir,
      env: { ...process.env, PORT: String(demoPort), HOST: '127.0.0.1' },
      stdio: ['ignore', out, out],
    });
    demo = { child, url: `http://127.0.0.1:${demoPort}` };
    await waitForHealth(demo.url, 60_000, log);
  }
  const substitute = (text) =>
    text
      .replaceAll(/https?:\/\/(127\.0\.0\.1|localhost):8080/g, demo?.url ?? '$&')
      .replaceAll('http://pos.bukitclimb.lan:8080', `http://127.0.0.1:${port}`)
      .replaceAll(/(?<![\w.])\/(var\/lib\/pos|backups?)(?=[/\s'"]|$)/g, `${dir}/$1`);

  const script = [
    'cd "$DOCS_CHECK_DIR"',
    'trap \'for pid in $(cat "$DOCS_CHECK_DIR/pids" 2>/dev/null); do kill "$pid" 2>/dev/null; done\' EXIT',
    'mkdir -p var/lib/pos backup backups',
  ];
  for (const block of blocks) {
    if (block.mode === 'file') {
      script.push(`cat > ${quote(block.name)} <<'DOCS_CHECK_EOF'\n${block.code}\nDOCS_CHECK_EOF`);
      continue;
    }
    const env = Object.entries(block.env).map(([name, value]) => `${name}=${quote(value)} `);
    const exports = env.length > 0 ? `export ${env.join('')}; ` : '';
    for (const command of commandsOf(block)) {
      const at = `${shown(block.file)}:${command.line}`;
      const text = substitute(command.text);
      script.push(`echo ${quote(`--- ${at}: $ ${command.text.split('\n')[0]}`)}`);
      if (command.script) {
        const path = join(dir, `script-${command.line}.sh`);
        writeFileSync(path, text, { mode: 0o755 });
        script.push(`${env.join('')}sh ${quote(path)} </dev/null`);
      } else if (block.background) {
        const log = join(dir, `server-${command.line}.log`);
        script.push(`( ${exports}${text} ) </dev/null >${quote(log)} 2>&1 &`);
        script.push('echo $! >> "$DOCS_CHECK_DIR/pids"');
        script.push(
          `node ${quote(join(dir, 'wait.mjs'))} "http://127.0.0.1:$PORT" || { echo ${quote(`docs-check-failed ${at} (the server did not start)`)}; cat ${quote(log)}; exit 1; }`,
        );
        continue;
      } else if (env.length > 0) {
        script.push(`( ${exports}${text}\n) </dev/null`);
      } else {
        script.push(`{ ${text}\n} </dev/null`);
      }
      script.push(
        `__rc=$?; if [ "$__rc" -ne 0 ]; then echo ${quote(`docs-check-failed ${at}`)}" (exit $__rc)"; exit 1; fi`,
      );
    }
  }
  writeFileSync(
    join(dir, 'wait.mjs'),
    `const until = Date.now() + 60000;
while (Date.now() < until) {
  try { if ((await fetch(process.argv[2] + '/v1/health')).ok) process.exit(0); } catch {}
  await new Promise((done) => setTimeout(done, 200));
}
process.exit(1);
`,
  );
  writeFileSync(join(dir, 'page.sh'), `${script.join('\n')}\n`);
  const result = await new Promise((done) => {
    const child = spawn('bash', [join(dir, 'page.sh')], {
      cwd: dir,
      env: {
        ...process.env,
        PATH: `${bin}:${process.env.PATH ?? ''}`,
        DOCS_CHECK_DIR: dir,
        POS_CONFIG_DIR: join(dir, 'config'),
        PORT: String(port),
        HOST: '127.0.0.1',
        NO_COLOR: '1',
        CI: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => {
      output += `\ndocs-check-failed ${shown(file)} (still running after ${PAGE_TIMEOUT_MS / 60_000} minutes)\n`;
      child.kill('SIGKILL');
    }, PAGE_TIMEOUT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, output });
    });
  });
  demo?.child.kill('SIGTERM');
  if (result.code === 0) return [];
  const failed = /docs-check-failed (\S+)/.exec(result.output)?.[1] ?? shown(file);
  return [
    `${failed}: a documented command failed\n${indent(result.output.split('\n').slice(-30).join('\n'))}`,
  ];
}

const indent = (text) =>
  text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');

/** Type-checks the ts blocks; resolves to the failures (each compiler error at its markdown line). */
function compileBlocks(blocks) {
  if (blocks.length === 0) return [];
  const dir = join(workRoot, 'samples');
  mkdirSync(dir, { recursive: true });
  const where = new Map();
  blocks.forEach((block, index) => {
    const name = `${basename(block.file, '.md')}-${block.line}-${index}.ts`;
    where.set(name, block);
    // Each sample is a module of its own, so two samples may declare the same names.
    writeFileSync(join(dir, name), `${block.code}\nexport {};\n`);
  });
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      extends: relative(dir, join(root, 'tsconfig.json')),
      compilerOptions: { types: ['node', 'w3c-web-usb'], noUnusedLocals: false },
      include: ['*.ts'],
    }),
  );
  const tsc = spawnSync(join(bin, 'tsc'), ['-p', dir, '--pretty', 'false'], { encoding: 'utf8' });
  if (tsc.status === 0) return [];
  const failures = [];
  for (const line of `${tsc.stdout}${tsc.stderr}`.split('\n')) {
    const error = /([^/\\]+\.ts)\((\d+),(\d+)\): (.*)$/.exec(line);
    const block = error ? where.get(error[1]) : undefined;
    if (error && block) {
      failures.push(`${shown(block.file)}:${block.line + Number(error[2]) - 1}: ${error[4]}`);
    } else if (line.trim() !== '' && failures.length > 0) {
      failures[failures.length - 1] += `\n    ${line.trim()}`;
    } else if (line.trim() !== '') {
      failures.push(line);
    }
  }
  return failures.length > 0 ? failures : [`tsc failed:\n${tsc.stdout}${tsc.stderr}`];
}

/** The settings table of docs/server.md against the variables `pos-server help` lists (from the code). */
function checkSettingsTable() {
  const help = spawnSync(process.execPath, [join(root, 'packages/pos-server/bin/pos-server.js'), 'help'], {
    encoding: 'utf8',
  }).stdout;
  const fromCode = new Set(
    help.split('Settings come from the environment')[1]?.match(/\b[A-Z][A-Z_]+[A-Z]\b/g),
  );
  const doc = readFileSync(join(root, 'docs/server.md'), 'utf8');
  const settings = doc.split('## Settings')[1]?.split('\n## ')[0] ?? '';
  const inDoc = new Set([...settings.matchAll(/^\| `([A-Z_]+)`/gm)].map((match) => match[1]));
  const failures = [];
  for (const name of fromCode) {
    if (!inDoc.has(name))
      failures.push(`docs/server.md: the settings table lacks ${name}, which the server reads`);
  }
  for (const name of inDoc) {
    if (!fromCode.has(name))
      failures.push(`docs/server.md: the settings table lists ${name}, which the server does not read`);
  }
  if (fromCode.size < 10) failures.push('pos-server help lists no settings: is packages/pos-server built?');
  return failures;
}

/** Every command of `pos` (walked through its --help) against the command tables of docs/cli.md, both ways. */
function checkCommandTables() {
  const pos = (args) =>
    spawnSync(process.execPath, [join(root, 'packages/pos-cli/bin/pos.js'), ...args, '--help'], {
      encoding: 'utf8',
      env: { ...process.env, POS_CONFIG_DIR: join(workRoot, 'help-config') },
    }).stdout;
  const subcommands = (text) =>
    (text.split('\nCommands:\n')[1]?.split('\n\n')[0] ?? '')
      .split('\n')
      .map((line) => /^ {2}([a-z][\w-]*)/.exec(line)?.[1])
      .filter((name) => name !== undefined && name !== 'help');
  const fromCode = [];
  const walk = (path) => {
    const names = subcommands(pos(path));
    if (path.length > 0) fromCode.push(path.join(' '));
    for (const name of names) walk([...path, name]);
  };
  walk([]);
  const doc = readFileSync(join(root, 'docs/cli.md'), 'utf8');
  const commandsSection = doc.split('\n## Commands')[1]?.split('\n## ')[0] ?? '';
  const rows = [...commandsSection.matchAll(/^\| `pos ([^`]*)`/gm)].map((match) => match[1] ?? '');
  const documented = new Set();
  for (const row of rows) {
    // `pos staff disable EMAIL` / `enable EMAIL`: both; `pos catalog retire SKU` / `--product NAME`: one.
    const words = row.split(' ').filter((word) => /^[a-z][\w-]*$/.test(word));
    let path = [];
    for (const word of words) {
      if (fromCode.includes([...path, word].join(' '))) path = [...path, word];
      else break;
    }
    if (path.length === 0) documented.add(`?${row}`);
    else documented.add(path.join(' '));
  }
  for (const alternative of commandsSection.matchAll(/^\| `pos (\w+) (\w+) [^`]*` \/ `(\w[\w-]*) /gm)) {
    documented.add(`${alternative[1]} ${alternative[3]}`);
  }
  // A command shown by its usage line in a code block (`pos sell --item …` under "### Sale").
  for (const usage of commandsSection.matchAll(/^pos ([a-z][\w-]*)/gm)) {
    if (fromCode.includes(usage[1] ?? '')) documented.add(usage[1]);
  }
  const failures = [];
  const groups = new Set(fromCode.filter((path) => fromCode.some((other) => other.startsWith(`${path} `))));
  for (const path of fromCode) {
    if (!documented.has(path) && !groups.has(path)) {
      failures.push(`docs/cli.md: the command tables lack \`pos ${path}\``);
    }
  }
  for (const row of documented) {
    if (row.startsWith('?')) failures.push(`docs/cli.md: \`pos ${row.slice(1)}\` is not a command of pos`);
  }
  if (fromCode.length < 20) failures.push('pos --help lists few commands: is packages/pos-cli built?');
  return failures;
}

async function main() {
  const args = process.argv.slice(2);
  const files = (
    args.length > 0
      ? args
      : [
          'README.md',
          ...readdirSync(join(root, 'docs'), { withFileTypes: true })
            .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
            .map((entry) => join('docs', entry.name)),
        ]
  ).map((file) => resolve(root, file));
  for (const built of [
    'packages/pos-server/dist/bin.js',
    'packages/pos-cli/dist/bin.js',
    'packages/pos-sdk/dist/index.js',
  ]) {
    if (!existsSync(join(root, built))) {
      console.error(`docs-check: ${built} is missing: run npm run build first`);
      process.exit(1);
    }
  }
  rmSync(workRoot, { recursive: true, force: true });
  mkdirSync(workRoot, { recursive: true });
  const failures = [];
  let commands = 0;
  let samples = 0;
  try {
    const pages = files.map((file) => ({ file, blocks: blocksOf(file, readFileSync(file, 'utf8')) }));
    const compile = pages.flatMap((page) => page.blocks.filter((block) => block.mode === 'compile'));
    samples = compile.length;
    failures.push(...compileBlocks(compile));
    for (const page of pages) {
      const run = page.blocks.filter((block) => block.mode !== 'compile');
      if (run.length === 0) continue;
      commands += run.flatMap(commandsOf).length;
      const started = Date.now();
      const pageFailures = await runPage(page.file, run);
      console.log(
        `docs-check: ${shown(page.file)}: ${run.flatMap(commandsOf).length} commands ${pageFailures.length === 0 ? 'passed' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
      failures.push(...pageFailures);
    }
    if (args.length === 0) failures.push(...checkSettingsTable(), ...checkCommandTables());
  } finally {
    rmSync(workRoot, { recursive: true, force: true });
    try {
      if (readdirSync(join(root, '.docs-check')).length === 0)
        rmSync(join(root, '.docs-check'), { recursive: true });
    } catch {}
  }
  for (const failure of failures) console.error(`docs-check: ${failure}`);
  console.log(
    `docs-check: ${commands} commands and ${samples} code samples of ${files.length} pages: ${failures.length === 0 ? 'all passed' : `${failures.length} failed`}`,
  );
  process.exit(failures.length === 0 ? 0 : 1);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
