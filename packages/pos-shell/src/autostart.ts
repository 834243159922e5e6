import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** How the shell is started at login on Linux: an XDG autostart entry (any desktop) or a systemd user unit. */
export type AutostartKind = 'desktop' | 'systemd';

/** The file each kind is written to. */
export function autostartFile(kind: AutostartKind, env: NodeJS.ProcessEnv = process.env): string {
  const config = env.XDG_CONFIG_HOME ?? join(homedir(), '.config');
  return kind === 'desktop'
    ? join(config, 'autostart', 'pos-shell.desktop')
    : join(config, 'systemd', 'user', 'pos-shell.service');
}

/** The command line that starts the shell with the settings of `configFile`, each part quoted. */
export function startCommand(node: string, launcher: string, configFile: string): string {
  const quote = (part: string) => `"${part.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
  return [quote(node), quote(launcher), '--config', quote(configFile)].join(' ');
}

/** The text of the autostart file. */
export function autostartText(kind: AutostartKind, command: string): string {
  if (kind === 'desktop') {
    return [
      '[Desktop Entry]',
      'Type=Application',
      'Name=POS desktop shell',
      "Comment=The till's cashier UI, receipt printer and cash drawer",
      `Exec=${command}`,
      'Terminal=false',
      'X-GNOME-Autostart-enabled=true',
      '',
    ].join('\n');
  }
  return [
    '[Unit]',
    'Description=POS desktop shell (cashier UI, receipt printer, cash drawer)',
    'PartOf=graphical-session.target',
    'After=graphical-session.target',
    '',
    '[Service]',
    `ExecStart=${command}`,
    'Restart=on-failure',
    'RestartSec=5',
    '',
    '[Install]',
    'WantedBy=graphical-session.target',
    '',
  ].join('\n');
}

/**
 * Writes the autostart file for the till's user; the shell it starts reads `configFile` (which must exist: flags
 * given now are not kept). Returns what was written and what to do next, in words.
 */
export function installAutostart(options: {
  kind: AutostartKind;
  configFile: string;
  launcher: string;
  node?: string;
  env?: NodeJS.ProcessEnv;
}): { file: string; next: string } {
  if (!existsSync(options.configFile)) {
    throw new Error(
      `No config file at ${options.configFile}: the shell started at login reads its settings there (docs/hardware.md)`,
    );
  }
  const file = autostartFile(options.kind, options.env);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    autostartText(
      options.kind,
      startCommand(options.node ?? process.execPath, options.launcher, options.configFile),
    ),
  );
  const next =
    options.kind === 'desktop'
      ? 'The shell starts at the next login to the desktop.'
      : 'Turn it on with: systemctl --user daemon-reload && systemctl --user enable --now pos-shell';
  return { file, next };
}

/** Removes the autostart files; says which were there. */
export function removeAutostart(env?: NodeJS.ProcessEnv): string[] {
  const removed: string[] = [];
  for (const kind of ['desktop', 'systemd'] as const) {
    const file = autostartFile(kind, env);
    if (existsSync(file)) {
      rmSync(file);
      removed.push(file);
    }
  }
  return removed;
}
