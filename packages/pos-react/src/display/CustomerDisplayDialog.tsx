import { useSignals } from '@preact/signals-react/runtime';
import type { DisplayPairingCode } from 'pos-sdk/contract';
import { DISPLAY_MESSAGES } from 'pos-sdk/messages';
import { formatVenueDateTime } from 'pos-sdk/rules';
import { useEffect, useState } from 'react';
import { Button } from '../components/Button';
import { PosDialog } from '../components/PosDialog';
import { usePos } from '../hooks/usePos';
import { usePosAction } from '../hooks/usePosAction';
import { tillDisplayOf } from './tillDisplay';

/** How often the open dialog asks whether a tablet has paired. */
const STATUS_EVERY_MS = 2000;

/** Props of {@link CustomerDisplayDialog}. */
export interface CustomerDisplayDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
}

/** The code as it is read out and typed: `482 913`. */
const spaced = (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`;

/**
 * Menu > Customer display: a six-digit code, shown big, for a tablet's `/display` to pair with this till (valid 5
 * minutes, once), whether a tablet is paired now (asked every 2 s while open), and Unpair, after which the tablet
 * shows 'Not paired'. Loaded when opened.
 */
export function CustomerDisplayDialog({ open, onClose }: CustomerDisplayDialogProps) {
  useSignals();
  const pos = usePos();
  const display = tillDisplayOf(pos);
  const paired = display.paired.value;
  const watching = display.watching.value;
  const [code, setCode] = useState<DisplayPairingCode | null>(null);
  const newCode = usePosAction(() => display.pair());
  const unpair = usePosAction(async () => {
    await display.unpair();
    pos.notices.push({ kind: 'success', message: DISPLAY_MESSAGES.unpaired });
  });
  const { run: runNewCode } = newCode;

  useEffect(() => {
    if (!open) return;
    setCode(null);
    void display.refresh().catch(() => undefined);
    const timer = setInterval(() => void display.refresh().catch(() => undefined), STATUS_EVERY_MS);
    return () => clearInterval(timer);
  }, [open, display]);

  // A code while none is paired; a paired tablet needs none (a new pairing would replace it).
  useEffect(() => {
    if (open && !paired && code === null) void runNewCode().then((made) => made && setCode(made));
  }, [open, paired, code, runNewCode]);

  return (
    <PosDialog
      open={open}
      onClose={onClose}
      title={DISPLAY_MESSAGES.menuItem}
      cancelLabel="Close"
      size="md"
      testId="customer-display-dialog"
      footer={
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} className="sm:min-w-28">
            Close
          </Button>
          {paired ? (
            <Button
              variant="dangerOutline"
              loading={unpair.busy}
              onClick={() => void unpair.run().then(() => setCode(null))}
              className="sm:min-w-28"
            >
              {DISPLAY_MESSAGES.unpair}
            </Button>
          ) : null}
        </div>
      }
    >
      <div className="flex flex-col items-center gap-4 text-center">
        <p data-testid="display-status" role="status" className="text-lg font-medium">
          {paired
            ? watching > 0
              ? DISPLAY_MESSAGES.tabletPaired
              : DISPLAY_MESSAGES.tabletAway
            : DISPLAY_MESSAGES.noTablet}
        </p>
        {!paired ? (
          <>
            <p className="text-slate-700 dark:text-slate-300">{DISPLAY_MESSAGES.enterCode}</p>
            <p
              data-testid="display-code"
              className="font-mono text-6xl font-bold tracking-widest tabular-nums"
            >
              {code === null ? '··· ···' : spaced(code.code)}
            </p>
            {code !== null ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {DISPLAY_MESSAGES.codeExpiresAt(
                  formatVenueDateTime(new Date(code.expires_at), pos.config.timeZone).slice(11, 16),
                )}
              </p>
            ) : null}
            {newCode.error ? (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                {newCode.error}
              </p>
            ) : null}
          </>
        ) : null}
      </div>
    </PosDialog>
  );
}
