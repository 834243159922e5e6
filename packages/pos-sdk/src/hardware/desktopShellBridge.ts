import { HARDWARE_ERROR_REASONS, HardwareError } from './HardwareError';
import type { ShellBridge, ShellMessage } from './ShellMessage';

/** Anything with `window.postMessage`'s signature: a parent window, an opener, an iframe's contentWindow. */
export interface PostMessageTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

/**
 * A bridge that posts each message to `target` with `window.postMessage`: for a shell that
 * hosts the app in a frame or webview and listens for `message` events.
 *
 * @param target where to post; default `window.parent`
 * @param targetOrigin the shell's origin (e.g. `'app://pos-shell'`). Receipts carry customer
 *   emails, so name the origin; `'*'` sends to whatever page embeds the app.
 * @throws HardwareError (`hardware_unreachable`) when there is no target (not in a browser).
 * @example windowPostMessageBridge(undefined, 'https://shell.local')
 */
export function windowPostMessageBridge(
  target: PostMessageTarget | undefined = (globalThis as { window?: { parent?: PostMessageTarget } }).window
    ?.parent,
  targetOrigin: string,
): ShellBridge {
  if (!target) {
    throw new HardwareError(
      'desktop-shell',
      HARDWARE_ERROR_REASONS.unreachable,
      'No window to send desktop shell messages to',
    );
  }
  return { send: (message) => target.postMessage(message, targetOrigin) };
}

/** The shape an Electron-style preload script exposes: `contextBridge.exposeInMainWorld('posShell', { send })`. */
export interface DesktopShellGlobal {
  readonly posShell?: { readonly send?: unknown };
}

/**
 * Finds a desktop shell's preload object (`globalThis.posShell.send`) and wraps it as a
 * {@link ShellBridge}; undefined when the app is not inside such a shell.
 *
 * @param globalLike where to look; default `globalThis`
 * @example
 * const bridge = detectDesktopShell()
 * const driver = bridge ? createDesktopShellDriver(bridge) : createPrintViewDriver()
 */
export function detectDesktopShell(globalLike: unknown = globalThis): ShellBridge | undefined {
  if (typeof globalLike !== 'object' || globalLike === null) return undefined;
  const shell = (globalLike as DesktopShellGlobal).posShell;
  if (typeof shell !== 'object' || shell === null) return undefined;
  const send = shell.send;
  if (typeof send !== 'function') return undefined;
  return { send: (message: ShellMessage) => Reflect.apply(send, shell, [message]) as void | Promise<void> };
}
