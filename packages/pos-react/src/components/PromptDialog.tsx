import { SCAN_MESSAGES } from 'pos-sdk/messages';
import type { RuleResult } from 'pos-sdk/rules';
import { type HTMLAttributes, lazy, Suspense, useState } from 'react';
import { usePosAction } from '../hooks/usePosAction';
import type { ScanFormat } from '../scan/barcodeDetector';
import { Button } from './Button';
import { PosDialog } from './PosDialog';
import { Spinner } from './Spinner';
import { TextField } from './TextField';

/** The camera and its decoder load when "Scan with camera" is first pressed, not with the screen. */
const CameraScanner = lazy(() =>
  import('../scan/CameraScanner').then((module) => ({ default: module.CameraScanner })),
);

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
  /**
   * Offer "Scan with camera" for these code formats: a code read from the camera is entered and confirmed exactly
   * as if it had been typed (or sent by a keyboard-wedge scanner) followed by Enter.
   */
  readonly scanFormats?: readonly ScanFormat[];
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
  scanFormats,
  testId,
}: PromptDialogProps) {
  const [value, setValue] = useState(initialValue);
  const [scanning, setScanning] = useState(false);
  const [ruleError, setRuleError] = useState<string | null>(null);
  const confirm = usePosAction(async (text: string) => {
    await onConfirm(text);
    return true as const;
  });

  // Each opening (and a new initial value while open) starts from the initial value, with no old
  // error: set while rendering the opening, not in an effect after it, so the field has its text
  // when it takes the focus and selects it, and opening costs one render, not two.
  const [shown, setShown] = useState({ open: false, initialValue });
  if (open !== shown.open || (open && initialValue !== shown.initialValue)) {
    setShown({ open, initialValue });
    if (open) {
      setValue(initialValue);
      setRuleError(null);
      confirm.reset();
    } else {
      setScanning(false);
    }
  }

  const submit = async (entered: string = value) => {
    let text = entered;
    if (validate) {
      const checked = validate(entered);
      if (!checked.ok) {
        setRuleError(checked.message);
        return;
      }
      text = checked.value;
    }
    setRuleError(null);
    if (confirm.busy) return;
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
      onSubmit={() => submit()}
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
      {scanFormats && scanFormats.length > 0 ? (
        <>
          <Button
            icon="scan"
            variant="ghost"
            onClick={() => setScanning((on) => !on)}
            aria-pressed={scanning}
            data-testid="scan-with-camera"
          >
            {scanning ? SCAN_MESSAGES.stopCamera : SCAN_MESSAGES.scanWithCamera}
          </Button>
          {scanning ? (
            <Suspense
              fallback={
                <p role="status" className="flex items-center gap-2 text-slate-600 dark:text-slate-300">
                  <Spinner /> {SCAN_MESSAGES.pointCamera}
                </p>
              }
            >
              <CameraScanner
                formats={scanFormats}
                onDetected={(code) => {
                  setValue(code);
                  void submit(code);
                }}
              />
            </Suspense>
          ) : null}
        </>
      ) : null}
    </PosDialog>
  );
}
