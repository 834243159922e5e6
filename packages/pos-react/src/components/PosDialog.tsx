import {
  type FormEvent,
  type ReactNode,
  type RefObject,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Button, type ButtonVariant } from './Button';
import { Modal } from './Modal';

/** Dialog widths. */
export type DialogSize = 'sm' | 'md' | 'lg' | 'xl';

const WIDTHS: Record<DialogSize, string> = {
  sm: 'max-w-sm',
  md: 'max-w-md',
  lg: 'max-w-2xl',
  xl: 'max-w-4xl',
};

/** Props of {@link PosDialog}. */
export interface PosDialogProps {
  readonly open: boolean;
  /** Escape, a click outside and Cancel call it (not while `busy`). */
  readonly onClose: () => void;
  /** The spec's words ('Menu', 'New Shift', 'Customer Email'...). */
  readonly title: string;
  readonly description?: ReactNode;
  readonly children?: ReactNode;
  /** Makes the body a form: Enter in a field confirms, as the submit button does. */
  readonly onSubmit?: () => void;
  readonly submitLabel?: string;
  readonly submitVariant?: ButtonVariant;
  readonly submitDisabled?: boolean;
  /** The Cancel button's label; `null` shows none. Default 'Cancel'. */
  readonly cancelLabel?: string | null;
  /** Waiting for the server: the confirm button shows its loader and the dialog stays open. */
  readonly busy?: boolean;
  readonly size?: DialogSize;
  /** The element to focus first; default the element marked `data-autofocus`, else the first field. */
  readonly initialFocus?: RefObject<HTMLElement | null>;
  /** Replaces the default Cancel / confirm buttons. */
  readonly footer?: ReactNode;
  /** `alertdialog` for confirmations. */
  readonly role?: 'dialog' | 'alertdialog';
  /** `data-testid` of the panel. */
  readonly testId?: string;
}

/**
 * Every modal of the product (on {@link Modal}): a title in the spec's words, focus in the first
 * field, Enter confirms (a form submit), Escape cancels, focus returns where it was.
 */
export function PosDialog({
  open,
  onClose,
  title,
  description,
  children,
  onSubmit,
  submitLabel = 'OK',
  submitVariant = 'primary',
  submitDisabled = false,
  cancelLabel = 'Cancel',
  busy = false,
  size = 'md',
  initialFocus,
  footer,
  role = 'dialog',
  testId,
}: PosDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const close = () => {
    if (!busy) onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy && !submitDisabled) onSubmit?.();
  };
  const buttons =
    footer ??
    (onSubmit || cancelLabel !== null ? (
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {cancelLabel !== null ? (
          <Button variant="secondary" onClick={close} disabled={busy} className="sm:min-w-28">
            {cancelLabel}
          </Button>
        ) : null}
        {onSubmit ? (
          <Button
            type="submit"
            variant={submitVariant}
            loading={busy}
            disabled={submitDisabled}
            className="sm:min-w-28"
            // A question without fields (a confirmation): Enter answers with the confirm button.
            {...(children ? {} : { 'data-autofocus': true })}
          >
            {submitLabel}
          </Button>
        ) : null}
      </div>
    ) : null);
  // The fields scroll inside the dialog; the buttons stay in view, so a tall form on a short
  // screen (Renewal Checkout at 800 px) never hides its Renew button below the fold.
  const body = (
    <>
      <ScrollingFields>{children}</ScrollingFields>
      {buttons ? <div className="mt-6 shrink-0">{buttons}</div> : null}
    </>
  );
  return (
    <Modal
      open={open}
      onClose={close}
      role={role}
      labelledBy={titleId}
      describedBy={description ? descriptionId : undefined}
      initialFocus={initialFocus}
      className="fixed inset-0 z-50"
      backdropClassName="fixed inset-0 bg-slate-950/50 backdrop-blur-[1px]"
      frameClassName="fixed inset-0 flex items-end justify-center overflow-y-auto p-2 sm:items-center sm:p-4"
      panelClassName={`flex w-full ${WIDTHS[size]} max-h-[calc(100dvh-1rem)] flex-col rounded-2xl sm:max-h-[calc(100dvh-2rem)] bg-white p-5 text-slate-900 shadow-2xl ring-1 ring-slate-900/5 sm:p-6 dark:bg-slate-900 dark:text-slate-100 dark:ring-white/10`}
      panelProps={{ 'data-testid': testId }}
    >
      <h2 id={titleId} className="shrink-0 text-xl font-bold">
        {title}
      </h2>
      {description ? (
        <p
          id={descriptionId}
          className="mt-1 shrink-0 text-base wrap-anywhere text-slate-600 dark:text-slate-300"
        >
          {description}
        </p>
      ) : null}
      <div className="mt-4 flex min-h-0 flex-col">
        {onSubmit ? (
          <form onSubmit={submit} noValidate className="flex min-h-0 flex-col">
            {body}
          </form>
        ) : (
          body
        )}
      </div>
    </Modal>
  );
}

/**
 * The dialog's fields, scrolling inside it when they are taller than the window allows. While there is more below,
 * a line says so ('More below') over a fade, so rows under the fold (an invoice's e-mail status at 800 px) are not
 * missed; it goes once the end is in view. While it scrolls, the box takes the keyboard's focus in its turn, so the
 * arrow keys scroll it.
 */
function ScrollingFields({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [moreBelow, setMoreBelow] = useState(false);
  const [scrolls, setScrolls] = useState(false);
  // Measured by the observers only, once the layout is done anyway: reading the box's heights in a render's effect
  // forced a layout of the whole page on every render of the dialog (each key in a field, the close).
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const check = () => {
      setMoreBelow(element.scrollHeight - element.scrollTop - element.clientHeight > 8);
      setScrolls(element.scrollHeight > element.clientHeight);
    };
    // A resize observer reports every element it starts to observe once, before the next paint.
    const resizes = new ResizeObserver(check);
    const observeChildren = () => {
      for (const child of element.children) resizes.observe(child);
    };
    resizes.observe(element);
    observeChildren();
    // Fields that come and go (an error under a field, a shown section) are observed as they come.
    const changes = new MutationObserver(observeChildren);
    changes.observe(element, { childList: true });
    element.addEventListener('scroll', check, { passive: true });
    return () => {
      resizes.disconnect();
      changes.disconnect();
      element.removeEventListener('scroll', check);
    };
  }, []);
  return (
    <div className="relative flex min-h-0 flex-col">
      <div
        ref={box}
        className="-m-1 flex min-h-0 flex-col gap-4 overflow-y-auto p-1 *:shrink-0"
        data-dialog-fields
        // A box that scrolls can be scrolled from the keyboard too (a receipt has nothing to focus in it).
        tabIndex={scrolls ? 0 : undefined}
      >
        {children}
      </div>
      {moreBelow ? (
        <div
          aria-hidden="true"
          data-testid="more-below"
          className="pointer-events-none absolute inset-x-0 bottom-0 flex h-10 items-end justify-center bg-gradient-to-t from-white to-transparent dark:from-slate-900"
        >
          <span className="rounded-full bg-slate-800/80 px-2 py-0.5 text-xs font-semibold text-white">
            More below ↓
          </span>
        </div>
      ) : null}
    </div>
  );
}
