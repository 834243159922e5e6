import { DISPLAY_MESSAGES } from 'pos-sdk/messages';
import { Button } from '../components/Button';
import type { IconName } from '../components/Icon';
import { PosDialog } from '../components/PosDialog';

/** What the Menu's entries do; each entry closes the Menu first. */
export interface MenuActions {
  readonly openDrawer: () => void;
  readonly float: () => void;
  readonly shiftSoFar: () => void;
  readonly closeShift: () => void;
  readonly checkPass: () => void;
  readonly orderHistory: () => void;
  readonly refund: () => void;
  readonly membership: () => void;
  readonly customerDisplay: () => void;
}

const ENTRIES: readonly { key: keyof MenuActions; label: string; icon: IconName }[] = [
  { key: 'openDrawer', label: 'Open Drawer', icon: 'drawer' },
  { key: 'float', label: 'Float', icon: 'coins' },
  { key: 'shiftSoFar', label: 'Shift so far', icon: 'chart' },
  { key: 'closeShift', label: 'Close Shift', icon: 'report' },
  { key: 'checkPass', label: 'Check Pass', icon: 'ticket' },
  { key: 'orderHistory', label: 'Order History', icon: 'history' },
  { key: 'refund', label: 'Refund', icon: 'refund' },
  { key: 'membership', label: 'Membership', icon: 'members' },
  { key: 'customerDisplay', label: DISPLAY_MESSAGES.menuItem, icon: 'display' },
];

/**
 * The Menu modal (spec section 2): Open Drawer, Float, Shift so far (the X report), Close Shift, Check Pass, Order
 * History, Refund, Membership; and Customer display (a tablet that shows the customer the sale).
 */
export function MenuDialog({
  open,
  onClose,
  actions,
}: {
  open: boolean;
  onClose: () => void;
  actions: MenuActions;
}) {
  return (
    <PosDialog open={open} onClose={onClose} title="Menu" cancelLabel="Close" size="lg" testId="menu-dialog">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {ENTRIES.map((entry) => (
          <Button
            key={entry.key}
            icon={entry.icon}
            size="xl"
            className="flex-col gap-1 py-3 text-base"
            onClick={() => {
              onClose();
              actions[entry.key]();
            }}
          >
            {entry.label}
          </Button>
        ))}
      </div>
    </PosDialog>
  );
}
