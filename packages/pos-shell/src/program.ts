import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, Option } from 'commander';
import { version } from '../package.json';
import { installAutostart, removeAutostart } from './autostart';
import { ConfigError, defaultConfigFile, readConfigFile, resolveConfig, type ShellSettings } from './config';
import { formatDoctor, runDoctor } from './doctor';
import { createLog } from './log';
import { runShell } from './shell';

/** Where the command writes, so tests can catch it. */
export interface ProgramIo {
  readonly out: { write(text: string): unknown };
  readonly err: { write(text: string): unknown };
  readonly env: NodeJS.ProcessEnv;
  /** Called once the shell runs, with its stop (the bin stops it on SIGINT and SIGTERM). */
  readonly onRunning?: (stop: () => Promise<void>) => void;
}

/** Each option of the settings and the setting it gives (commander's name first). */
const SETTING_OPTIONS: readonly (readonly [string, keyof ShellSettings])[] = [
  ['server', 'server'],
  ['printer', 'printer'],
  ['drawer', 'drawer'],
  ['columns', 'columns'],
  ['profile', 'profile'],
  ['port', 'port'],
  ['kiosk', 'kiosk'],
  ['browser', 'browser'],
  ['browserArg', 'browserArgs'],
  ['window', 'window'],
  ['dataDir', 'dataDir'],
];

/** The options every command that runs with the till's settings takes. */
function withSettings(command: Command): Command {
  return command
    .option('--server <url>', 'the POS server, e.g. http://pos.local:8080')
    .option(
      '--printer <where>',
      'the receipt printer: tcp://HOST[:PORT] (port 9100 unless given), a device such as /dev/usb/lp0, or none',
    )
    .addOption(
      new Option('--drawer <where>', "the cash drawer: on the printer's kick port, or none").choices([
        'printer',
        'none',
      ]),
    )
    .addOption(new Option('--columns <n>', 'characters per receipt line').choices(['32', '42', '48']))
    .option(
      '--profile <name>',
      'the printer family (its code page): epson, bixolon, citizen, xprinter, pos-5890, sunmi, hp',
    )
    .option('--port <n>', 'the local port the UI is served on (default 5180)')
    .option('--kiosk', 'full screen, no browser controls')
    .option('--browser <path>', 'the Chromium, Chrome or Edge to use (default: the first installed)')
    .option(
      '--browser-arg <switch>',
      'one more browser switch (repeat for more)',
      (value: string, all: string[] = []) => [...all, value],
    )
    .option('--no-window', 'serve the UI and drive the printer without opening a window')
    .option('--data-dir <dir>', "where the shell keeps its key, the window's profile and its log")
    .option('--config <file>', `a JSON file with the same settings (default ${defaultConfigFile()})`);
}

/** The settings given on the command line (only those typed: a file's setting is not overridden by a default). */
function flagSettings(command: Command): { flags: ShellSettings; configFile: string | undefined } {
  const options = command.opts<Record<string, unknown>>();
  const flags: Record<string, unknown> = {};
  for (const [option, setting] of SETTING_OPTIONS) {
    if (command.getOptionValueSource(option) === 'cli') flags[setting] = options[option];
  }
  return { flags: flags as ShellSettings, configFile: options.config as string | undefined };
}

/** The settings of the command: its flags over its config file. */
function settingsOf(command: Command, env: NodeJS.ProcessEnv) {
  const { flags, configFile } = flagSettings(command);
  const file = readConfigFile(configFile ?? defaultConfigFile(env), configFile !== undefined);
  return resolveConfig(file, flags, env);
}

/** The `pos-shell` command. */
export function buildProgram(io: ProgramIo): Command {
  const program = withSettings(new Command('pos-shell'))
    .description(
      "The till's desktop shell: the cashier UI in an app window, receipts on an ESC/POS printer, the cash drawer on its kick port",
    )
    .version(version, '-V, --version')
    .enablePositionalOptions()
    .configureOutput({ writeOut: (text) => io.out.write(text), writeErr: (text) => io.err.write(text) })
    .exitOverride()
    .action(async (_options, command: Command) => {
      const config = settingsOf(command, io.env);
      const shell = await runShell(config, createLog(io.out, join(config.dataDir, 'pos-shell.log')));
      io.onRunning?.(shell.stop);
    });

  withSettings(program.command('doctor'))
    .description(
      'check the server, the printer (a test page on request), the drawer, the browser and the local port',
    )
    .option('--test-page', 'print a test page')
    .option('--open-drawer', 'kick the cash drawer')
    .action(async (options: { testPage?: boolean; openDrawer?: boolean }, command: Command) => {
      const config = settingsOf(command, io.env);
      const checks = await runDoctor(config, { testPage: options.testPage, openDrawer: options.openDrawer });
      io.out.write(formatDoctor(checks));
      if (checks.some((check) => !check.ok)) process.exitCode = 1;
    });

  const autostart = program.command('autostart').description('start the shell at login (Linux)');
  autostart
    .command('install')
    .description(
      'write an autostart entry (or, with --systemd, a systemd user unit) that starts the shell with --config FILE',
    )
    .option('--systemd', 'a systemd user unit instead of an XDG autostart entry')
    .option('--config <file>', `the settings it starts with (default ${defaultConfigFile()})`)
    .action((options: { systemd?: boolean; config?: string }) => {
      if (process.platform === 'win32') {
        throw new ConfigError(
          'On Windows, put a shortcut in shell:startup (docs/hardware.md, "Starting at login")',
        );
      }
      const { file, next } = installAutostart({
        kind: options.systemd ? 'systemd' : 'desktop',
        configFile: options.config ?? defaultConfigFile(io.env),
        launcher: fileURLToPath(new URL('../bin/pos-shell.js', import.meta.url)),
        env: io.env,
      });
      io.out.write(`Wrote ${file}\n${next}\n`);
    });
  autostart
    .command('remove')
    .description('remove the autostart entry and the systemd user unit')
    .action(() => {
      const removed = removeAutostart(io.env);
      io.out.write(
        removed.length === 0 ? 'Nothing to remove\n' : removed.map((file) => `Removed ${file}\n`).join(''),
      );
    });
  return program;
}
