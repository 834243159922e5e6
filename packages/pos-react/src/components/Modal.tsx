import { type HTMLAttributes, type ReactNode, type RefObject, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { pushModal, tabbablesIn } from './modalStack';

/** Props of {@link Modal}. */
export interface ModalProps {
  readonly open: boolean;
  /** Escape and a click outside the panel call it (the caller may ignore it, e.g. while busy). */
  readonly onClose: () => void;
  /** `alertdialog` for a question that must be answered. */
  readonly role?: 'dialog' | 'alertdialog';
  /** The id of the element that names the modal (its title). */
  readonly labelledBy: string;
  /** The id of the element that describes it, if any. */
  readonly describedBy?: string | undefined;
  /** The element to focus first; default the element marked `data-autofocus`, else the first control. */
  readonly initialFocus?: RefObject<HTMLElement | null> | undefined;
  /** Classes of the outermost element (the `role="dialog"` layer over the page). */
  readonly className: string;
  /** Classes of the dimmed backdrop under the panel. */
  readonly backdropClassName: string;
  /** Classes of a box around the panel that places it (e.g. centred); without it the panel places itself. */
  readonly frameClassName?: string;
  /** Classes of the panel, the modal's visible box. */
  readonly panelClassName: string;
  /** More attributes of the panel (`data-testid`). */
  readonly panelProps?: HTMLAttributes<HTMLDivElement> & { readonly 'data-testid'?: string | undefined };
  readonly children: ReactNode;
}

/** How long after opening the focus follows a `data-autofocus` mark that comes late (unless the cashier acts). */
const SETTLE_MS = 3_000;

/** What the modal asks to focus first: `initialFocus`, else the element marked `data-autofocus`. */
function wantedFocus(panel: HTMLElement, initialFocus: ModalProps['initialFocus']): HTMLElement | null {
  const usable = (element: HTMLElement | null | undefined): element is HTMLElement =>
    Boolean(element?.isConnected) && !(element as HTMLButtonElement).disabled;
  const wanted = initialFocus?.current;
  if (usable(wanted)) return wanted;
  const marked = panel.querySelector<HTMLElement>('[data-autofocus]');
  return usable(marked) ? marked : null;
}

/**
 * A modal over the page (`aria-modal`), rendered at the end of `<body>` while `open`: the rest of the
 * page is inert until it closes (see `modalStack`), the focus moves into it (`initialFocus`, the
 * element marked `data-autofocus`, else the first control) and comes back where it was afterwards,
 * Tab stays inside, Escape and a click on the backdrop call `onClose`. Modals stack: one opened from
 * another is on top and closes first. Opening one reads no layout back (no scroll lock, no
 * measuring): one style recalculation, in the frame that shows it.
 */
export function Modal(props: ModalProps) {
  if (!props.open) return null;
  return createPortal(<OpenModal {...props} />, document.body);
}

function OpenModal({
  onClose,
  role = 'dialog',
  labelledBy,
  describedBy,
  initialFocus,
  className,
  backdropClassName,
  frameClassName,
  panelClassName,
  panelProps,
  children,
}: ModalProps) {
  const layer = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const latestClose = useRef(onClose);
  latestClose.current = onClose;
  // Focus moves in once, when the modal opens; a later `initialFocus` does not move it again.
  const firstInitialFocus = useRef(initialFocus);
  /** Where the pointer went down: a click outside closes only if it also started outside (not a text selection). */
  const pressedOutside = useRef(false);

  useLayoutEffect(() => {
    const element = layer.current;
    const box = panel.current;
    if (!element || !box) return;
    const pop = pushModal({ layer: element, requestClose: () => latestClose.current() });
    const asked = firstInitialFocus.current;
    /** True while the modal itself moves the focus (its own focusin is not the cashier acting). */
    let moving = false;
    const focusWanted = () => {
      if (element.inert) return true; // another modal is on top of this one
      const wanted = wantedFocus(box, asked);
      if (wanted && wanted !== document.activeElement) {
        moving = true;
        wanted.focus({ preventScroll: true });
        moving = false;
      }
      return wanted !== null;
    };
    // A form filled by an effect of its own, or once its data has come (Renewal Checkout), marks its
    // first field later: until the cashier does something in the modal, focus follows the mark.
    const marks = new MutationObserver(() => focusWanted());
    const settle = () => {
      marks.disconnect();
      element.removeEventListener('keydown', settle, true);
      element.removeEventListener('pointerdown', settle, true);
      element.removeEventListener('focusin', focusedElsewhere, true);
    };
    // The cashier (or an assistive tool) moved into another field: the focus is theirs from now on.
    const focusedElsewhere = (event: FocusEvent) => {
      if (!moving && event.target !== wantedFocus(box, asked)) settle();
    };
    marks.observe(box, { subtree: true, childList: true, attributeFilter: ['data-autofocus', 'disabled'] });
    element.addEventListener('keydown', settle, true);
    element.addEventListener('pointerdown', settle, true);
    element.addEventListener('focusin', focusedElsewhere, true);
    const timer = setTimeout(settle, SETTLE_MS);
    // Nothing marked yet: the first control, before the next frame (unless the mark has come by then).
    const frame = focusWanted()
      ? 0
      : requestAnimationFrame(() => {
          if (!focusWanted() && !element.contains(document.activeElement)) {
            moving = true;
            (tabbablesIn(box)[0] ?? box).focus({ preventScroll: true });
            moving = false;
          }
        });
    return () => {
      settle();
      clearTimeout(timer);
      cancelAnimationFrame(frame);
      pop();
    };
  }, []);

  // React events bubble through portals: a modal opened from inside this one must not count as outside.
  const isOutside = (target: EventTarget) =>
    target instanceof Node && Boolean(layer.current?.contains(target)) && !panel.current?.contains(target);
  const panelBox = (
    <div ref={panel} tabIndex={-1} {...panelProps} className={`${panelClassName} focus:outline-none`}>
      {children}
    </div>
  );
  // The layer is a `dialog` or an `alertdialog` (biome cannot tell from a variable). A click on it
  // outside the panel is the pointer's way to close it; Escape is the keyboard's (`modalStack`).
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: see above
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: see above
    <div
      ref={layer}
      role={role}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className={className}
      onPointerDown={(event) => {
        pressedOutside.current = isOutside(event.target);
      }}
      onClick={(event) => {
        if (pressedOutside.current && isOutside(event.target)) latestClose.current();
        pressedOutside.current = false;
      }}
    >
      <div className={backdropClassName} aria-hidden="true" />
      {frameClassName ? <div className={frameClassName}>{panelBox}</div> : panelBox}
    </div>
  );
}
