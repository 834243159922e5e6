import { MESSAGES } from 'pos-sdk/messages';
import { useEffect, useState } from 'react';
import { PosDialog } from '../components/PosDialog';
import { TextField } from '../components/TextField';

/** Props of {@link CustomerEmailDialog}. */
export interface CustomerEmailDialogProps {
  readonly open: boolean;
  readonly initialEmail: string;
  /** The email rule's message ('Invalid email format', the email-required message) or the checkout failure. */
  readonly error: string | null;
  readonly busy: boolean;
  readonly onSubmit: (email: string) => void;
  readonly onClose: () => void;
}

/** 'Customer Email' (spec section 5): the email the passes and the receipt are sent to. */
export function CustomerEmailDialog({
  open,
  initialEmail,
  error,
  busy,
  onSubmit,
  onClose,
}: CustomerEmailDialogProps) {
  const [email, setEmail] = useState(initialEmail);
  useEffect(() => {
    if (open) setEmail(initialEmail);
  }, [open, initialEmail]);
  return (
    <PosDialog
      open={open}
      onClose={onClose}
      title={MESSAGES.customerEmail}
      description={MESSAGES.customerEmailNote}
      onSubmit={() => onSubmit(email)}
      submitLabel="Checkout"
      busy={busy}
      testId="customer-email-dialog"
    >
      <TextField
        label={MESSAGES.emailAddress}
        type="email"
        inputMode="email"
        autoComplete="off"
        spellCheck={false}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={error ?? undefined}
        data-autofocus
      />
    </PosDialog>
  );
}
