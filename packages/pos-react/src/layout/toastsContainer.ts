/**
 * The element the toasts are rendered into (`#pos-toasts`, beside the app's root; `<body>` when the
 * page has none). The toasts' place (`--pos-rail`) is set on it, not on
 * `<html>`: a custom property changed on the page's root restyles every element of the page (with
 * Tailwind's theme variables, a visible pause on the terminal), on this element only the toasts.
 */
export function toastsContainer(): HTMLElement {
  return document.getElementById('pos-toasts') ?? document.body;
}
