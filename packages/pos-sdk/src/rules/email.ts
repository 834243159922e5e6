/**
 * The one email rule of the product, used by the SDK's forms and by the server's contract (so an
 * address the till accepts is never refused by the server, and the other way round).
 *
 * - Local part: letters (any script), digits and RFC 5322's `! # $ % & ' * + / = ? ^ _ \` { | } ~ -`,
 *   in dot-separated runs (no leading, trailing or double dot); at most 64 characters.
 * - Domain: two or more labels of letters or digits, a hyphen only inside a label; the last label
 *   (the top-level domain) of two or more letters.
 * - At most 254 characters in all.
 */
const LOCAL = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
const DOMAIN = /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+\p{L}{2,63}$/u;

/** Does the (trimmed) text look like an email address? */
export function isEmail(text: string): boolean {
  const address = text.trim();
  if (address.length > 254) return false;
  const at = address.lastIndexOf('@');
  if (at < 1) return false; // no '@', or nothing before it
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  return local.length <= 64 && LOCAL.test(local) && DOMAIN.test(domain);
}
