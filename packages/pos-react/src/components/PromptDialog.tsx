import type { RuleResult } from 'pos-sdk';
import { type HTMLAttributes, useEffect, useState } from 'react';
import { usePosAction } from '../hooks/usePosAction';
import { PosDialog } from './PosDialog';
import { TextField } from './TextField';

/** Props of {@link PromptDialog}. */
export interface PromptDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** The spec's title: 'Scan Pass', 'Invoice ID', 'Refund Reason'... */
  readonly title: string;
  readonly label: string;
  readonly description?: string;
  /** The field's starting text (selected, so typing replaces it). */
  readonly initialValue?: string;
  readonly placeholder?: string;
  readonly inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  readonly type?: 'text' | 'email' | 'password';
  /** 'RM' for amounts. */
  readonly prefix?: string;
  readonly large?: boolean;
  readonly submitLabel?: string;
  /** A rule from the SDK checked before `onConfirm` (e.g. `validatePassId`); its message shows under the field. */
  readonly validate?: (value: string) => RuleResult<string>;
  /**
   * Does the work with the (validated) text. A thrown error keeps the dialog open with the
   * message under the field (and toasted once); success closes it unless `keepOpen`.
   */
  readonly onConfirm: (value: string) => unknown;
  /** Stay open after a success (a scanner entering code after code). */
  readonly keepOpen?: boolean;
  readonly testId?: string;
}

/**
 * One text field and a confirm button: pass ID ('Scan Pass'), product code, 'Invoice ID',
 * 'Refund Reason', quantity and amounts. Focus lands in the field; Enter confirms (a barcode
 * scanner types the code and Enter); Escape cancels.
 */
export function PromptDialog({
  open,
  onClose,
  title,
  label,
  description,
  initialValue = '',
  placeholder,
  inputMode,
  type = 'text',
  prefix,
  large = false,
  submitLabel = 'OK',
  validate,
  onConfirm,
  keepOpen = false,
  testId,
}: PromptDialogProps) {
  const [value, setValue] = useState(initialValue);
  const [ruleError, setRuleError] = useState<string | null>(null);
  const confirm = usePosAction(async (text: string) => {
    await onConfirm(text);
    return true as const;
  });

  // Each opening starts from the initial value, with no old error.
  const resetConfirm = confirm.reset;
  useEffect(() => {
    if (open) {
      setValue(initialValue);
      setRuleError(null);
      resetConfirm();
    }
  }, [open, initialValue, resetConfirm]);

  const submit = async () => {
    let text = value;
    if (validate) {
      const checked = validate(value);
      if (!checked.ok) {
        setRuleError(checked.message);
        return;
      }
      text = checked.value;
    }
    setRuleError(null);
    const done = await confirm.run(text);
    if (done && keepOpen) setValue('');
    if (done && !keepOpen) onClose();
  };

  const fieldError = ruleError ?? Object.values(confirm.fieldErrors)[0] ?? confirm.error ?? undefined;
  return (
    <PosDialog
      open={open}
      onClose={onClose}
      title={title}
      {...(description ? { description } : {})}
      onSubmit={submit}
      submitLabel={submitLabel}
      busy={confirm.busy}
      size="sm"
      {...(testId ? { testId } : {})}
    >
      <TextField
        label={label}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onFocus={(event) => event.currentTarget.select()}
        error={fieldError}
        type={type}
        inputMode={inputMode}
        placeholder={placeholder}
        prefix={prefix}
        large={large}
        autoComplete="off"
        spellCheck={false}
        data-autofocus
      />
    </PosDialog>
  );
}
