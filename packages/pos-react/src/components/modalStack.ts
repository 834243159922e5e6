/**
 * The open modals, topmost last. While one is open, everything else on the page is `inert` (the app,
 * and the modals below the topmost one) except what is marked `data-over-modals` (the toasts): the
 * keyboard, the pointer and assistive technology reach the topmost modal only. Escape closes the
 * topmost one; Tab and Shift+Tab cycle through its controls; when it closes, focus returns to the
 * element that had it before it opened.
 */

/** One open modal. */
export interface ModalEntry {
  /** The modal's outermost element, a child of `document.body`. */
  readonly layer: HTMLElement;
  /** Escape asks it to close (it may refuse, e.g. while busy). */
  readonly requestClose: () => void;
}

interface OpenModal extends ModalEntry {
  /** What had the focus before it opened: focused again when it closes. */
  readonly returnFocus: Element | null;
}

const open: OpenModal[] = [];
/** The page's own elements made inert while a modal is open (restored as they were). */
let madeInert: HTMLElement[] = [];

/** What Tab can reach inside a modal (enabled, not hidden). */
const TABBABLE =
  'a[href],button:not([disabled]),input:not([disabled]):not([type="hidden"]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

/** The controls of `container` that Tab reaches, in order. */
export function tabbablesIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) => element.tabIndex >= 0 && !element.closest('[inert]') && element.getClientRects().length > 0,
  );
}

function topmost(): OpenModal | undefined {
  return open[open.length - 1];
}

function onKeyDown(event: KeyboardEvent): void {
  const top = topmost();
  if (!top || event.defaultPrevented) return;
  if (event.key === 'Escape') {
    event.preventDefault();
    top.requestClose();
    return;
  }
  if (event.key !== 'Tab') return;
  const controls = tabbablesIn(top.layer);
  const first = controls[0];
  const last = controls[controls.length - 1];
  const active = document.activeElement;
  const inside = active instanceof HTMLElement && top.layer.contains(active);
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  if (event.shiftKey && (!inside || active === first)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (!inside || active === last)) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Makes everything but the topmost modal and `data-over-modals` inert (one attribute per body child);
 * `leaving` is a modal on its way out of the page, left as it is.
 */
function applyInert(leaving?: HTMLElement): void {
  const top = topmost();
  const keep = (element: Element) =>
    element === top?.layer || element === leaving || element.hasAttribute('data-over-modals');
  const wanted = top
    ? [...document.body.children].filter(
        (element): element is HTMLElement => element instanceof HTMLElement && !keep(element),
      )
    : [];
  for (const element of madeInert) if (!wanted.includes(element)) element.inert = false;
  const next: HTMLElement[] = [];
  for (const element of wanted) {
    // An element inert for its own reasons (not ours) is left alone and not restored later.
    if (element.inert && !madeInert.includes(element)) continue;
    element.inert = true;
    next.push(element);
  }
  madeInert = next;
}

/**
 * Registers a modal that has just been added to the page; returns the function that unregisters it
 * (call it when the modal leaves the page).
 */
export function pushModal(entry: ModalEntry): () => void {
  const modal: OpenModal = { ...entry, returnFocus: document.activeElement };
  if (open.length === 0) document.addEventListener('keydown', onKeyDown);
  open.push(modal);
  applyInert();
  return () => {
    const index = open.indexOf(modal);
    if (index === -1) return;
    const wasTop = index === open.length - 1;
    open.splice(index, 1);
    applyInert(modal.layer);
    if (open.length === 0) document.removeEventListener('keydown', onKeyDown);
    // Now, while the modal is still on the page (React removes it after this): focus leaves it
    // before it goes, so its removal does not make the browser fix up a lost focus (one more style
    // recalculation, and a focusout in the middle of React's commit).
    const target = modal.returnFocus;
    if (wasTop && target instanceof HTMLElement && target.isConnected && !target.closest('[inert]')) {
      target.focus({ preventScroll: true });
    }
  };
}
