import type { ReactNode } from 'react';
import type { ButtonVariant } from './Button';
import { PosDialog } from './PosDialog';

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  readonly open: boolean;
  /** The question, in the spec's words ('Confirm NOT entering customer email?'). */
  readonly title: string;
  /** What the cashier should know before answering. */
  readonly note?: ReactNode;
  readonly confirmLabel?: string;
  readonly cancelLabel?: string;
  readonly confirmVariant?: ButtonVariant;
  readonly busy?: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
  readonly testId?: string;
}

/** A yes/no question (an `alertdialog`): Enter answers yes, Escape answers no. */
export function ConfirmDialog({
  open,
  title,
  note,
  confirmLabel = 'Yes',
  cancelLabel = 'No',
  confirmVariant = 'primary',
  busy = false,
  onConfirm,
  onCancel,
  testId,
}: ConfirmDialogProps) {
  return (
    <PosDialog
      open={open}
      onClose={onCancel}
      title={title}
      description={note}
      role="alertdialog"
      onSubmit={onConfirm}
      submitLabel={confirmLabel}
      submitVariant={confirmVariant}
      cancelLabel={cancelLabel}
      busy={busy}
      size="md"
      {...(testId ? { testId } : {})}
    />
  );
}
