import { createHash } from 'node:crypto';

/** Where the page's bridge posts its messages, on the shell's own origin. */
export const MESSAGE_PATH = '/__pos-shell/message';

/** The request header that carries the shell's key. */
export const TOKEN_HEADER = 'x-pos-shell-token';

/**
 * The script put at the top of every page the shell serves: `window.posShell.send(message)`, the object
 * `detectDesktopShell()` of the SDK looks for. Each message is posted to {@link MESSAGE_PATH} with the shell's key;
 * a fault the shell reports (`{ reason, message }`) rejects with an Error carrying that `reason`, which the SDK's
 * desktop-shell driver turns into the `HardwareError` the UI shows. The key lives in this closure only.
 */
export function bridgeScript(token: string): string {
  return `(() => {
  const token = ${JSON.stringify(token)};
  const fault = (message, reason) => Object.assign(new Error(message), { reason });
  const send = async (message) => {
    let answer;
    try {
      answer = await fetch(${JSON.stringify(MESSAGE_PATH)}, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ${JSON.stringify(TOKEN_HEADER)}: token },
        body: JSON.stringify(message),
        cache: 'no-store',
      });
    } catch {
      throw fault('The desktop shell is not answering', 'hardware_unreachable');
    }
    if (answer.ok) return;
    let body = {};
    try { body = await answer.json(); } catch {}
    throw fault(
      typeof body.message === 'string' ? body.message : 'The desktop shell refused the ' + message.type + ' message',
      typeof body.reason === 'string' ? body.reason : 'hardware_failed',
    );
  };
  Object.defineProperty(window, 'posShell', { value: Object.freeze({ send }), writable: false, configurable: false });
})();`;
}

/** The CSP source that allows exactly this inline script: `'sha256-…'`. */
export function scriptHashSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

/**
 * The page with the bridge as its first script (right after `<head>`, before the app's own module scripts), or at
 * the very start of a page without a head.
 */
export function injectBridge(html: string, script: string): string {
  const tag = `<script>${script}</script>`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head === null) return `${tag}${html}`;
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}${tag}${html.slice(at)}`;
}

/**
 * A Content-Security-Policy header that lets the bridge run: the script's hash added to `script-src` (or to
 * `default-src` when there is no `script-src`). A policy without either already allows it.
 */
export function allowBridgeInPolicy(policy: string, script: string): string {
  const hash = scriptHashSource(script);
  const directives = policy.split(';').map((part) => part.trim());
  const index = directives.findIndex((part) => /^script-src(\s|$)/i.test(part));
  if (index !== -1) {
    directives[index] = `${directives[index]} ${hash}`;
    return directives.filter((part) => part !== '').join('; ');
  }
  const fallback = directives.find((part) => /^default-src(\s|$)/i.test(part));
  if (fallback === undefined) return policy;
  const sources = fallback.replace(/^default-src/i, '').trim();
  return [...directives.filter((part) => part !== ''), `script-src ${sources} ${hash}`].join('; ');
}
