import type { PosCartItem, Tile } from 'pos-sdk';
import type { ShiftReport } from 'pos-sdk/contract';
import { MESSAGES } from 'pos-sdk/messages';
import { checkCartHasItems, validateInvoiceId, validatePassId, validateRefundReason } from 'pos-sdk/rules';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../components/Button';
import { PromptDialog } from '../components/PromptDialog';
import { useOpenedOnce } from '../components/useOpenedOnce';
import { useDialogs } from '../dialogs/useDialogs';
import { usePos } from '../hooks/usePos';
import { useSignalValue } from '../hooks/useSignalValue';
import { useRightRail } from '../layout/useRightRail';
import { CartTable } from '../sales/CartTable';
import { lineLabel } from '../sales/cartLineText';
import { FloatDialog } from '../sales/FloatDialog';
import { MenuDialog } from '../sales/MenuDialog';
import { type ProductKind, ProductTiles } from '../sales/ProductTiles';
import { QuantityDialog, type QuantityTarget } from '../sales/QuantityDialog';
import { SaleTotal } from '../sales/SaleTotal';
import type { ScanFormat } from '../scan/barcodeDetector';
import { loadOrdersScreen } from './lazyOrdersScreen';

/**
 * Loaded the first time they open, not with the sales screen: each needs the server anyway (an
 * approver's PIN, a member, closing the shift), so none of them is missing from a sale made while
 * the server is down, and the service worker has them cached for later (docs/performance.md).
 */
const DiscountDialog = lazy(() =>
  import('../sales/DiscountDialog').then((module) => ({ default: module.DiscountDialog })),
);
const MemberDetailsDialog = lazy(() =>
  import('../sales/MemberDetailsDialog').then((module) => ({ default: module.MemberDetailsDialog })),
);
const EndShiftDialog = lazy(() =>
  import('../sales/EndShiftDialog').then((module) => ({ default: module.EndShiftDialog })),
);
const CustomerDisplayDialog = lazy(() =>
  import('../display/CustomerDisplayDialog').then((module) => ({ default: module.CustomerDisplayDialog })),
);
const ShiftReportDialog = lazy(() =>
  import('../sales/ShiftReportDialog').then((module) => ({ default: module.ShiftReportDialog })),
);

/** The dialog the sales screen shows (one at a time); `null` for none. */
type SalesDialog =
  | { readonly kind: 'quantity'; readonly target: QuantityTarget }
  | { readonly kind: 'member'; readonly tile: Tile }
  | { readonly kind: 'discount'; readonly item: PosCartItem }
  | {
      readonly kind:
        | 'menu'
        | 'float'
        | 'endShift'
        | 'checkPass'
        | 'scanProduct'
        | 'refundInvoice'
        | 'customerDisplay';
    }
  | { readonly kind: 'refundReason'; readonly invoiceId: string }
  | { readonly kind: 'report' | 'shiftSoFar'; readonly report: ShiftReport }
  | null;

/** Pass QR codes carry the ticket id: the gate's scanner reads it back as the pass ID. */
const PASS_CODES: readonly ScanFormat[] = ['qr_code'];
/** Product barcodes carry the product code (SKU): EAN-13 or Code 128. */
const PRODUCT_CODES: readonly ScanFormat[] = ['ean_13', 'code_128'];

/** The width of the right-hand column (TOTAL and the buttons). */
const RAIL_WIDTH = '18rem';

/**
 * /main, the sales screen (spec section 2): the cart, the Entry Pass / Merchandise / Special tiles,
 * the TOTAL and Check Pass, Scan Product, Payment, Menu. Entering it starts (or resumes) the shift;
 * a shift without float shows the 'New Shift' dialog.
 */
export function SalesScreen() {
  const pos = usePos();
  const navigate = useNavigate();
  const { openTicket, openMembership } = useDialogs();
  // Only what the screen itself shows: the TOTAL and the cart re-render on their own.
  const needsFloat = useSignalValue(pos.shift.needsFloat);
  const [kind, setKind] = useState<ProductKind>('Entry Pass');
  const [dialog, setDialog] = useState<SalesDialog>(null);
  /**
   * Closes the dialog of `kind` only: a dialog that finishes late (the float slip still printing)
   * must not close the one the cashier has opened since.
   */
  const closeOnly = (kind: NonNullable<SalesDialog>['kind']) => () =>
    setDialog((current) => (current?.kind === kind ? null : current));
  useRightRail(RAIL_WIDTH);
  const memberUsed = useOpenedOnce(dialog?.kind === 'member');
  const discountUsed = useOpenedOnce(dialog?.kind === 'discount');
  const customerDisplayUsed = useOpenedOnce(dialog?.kind === 'customerDisplay');
  const endShiftUsed = useOpenedOnce(
    dialog?.kind === 'endShift' || dialog?.kind === 'report' || dialog?.kind === 'shiftSoFar',
  );

  // Spec section 4: on the sales screen, if signed in, a shift is started; the tiles are loaded.
  useEffect(() => {
    if (!pos.session.isSignedIn.peek()) return;
    pos.shift.start().catch(() => {
      // Toasted by the SDK; an ended shift signs out.
    });
    pos.catalog.load().catch(() => {
      // Toasted by the SDK.
    });
    // The venue's settings head the receipts (kept from the last load when this one fails).
    pos.venue.load().catch(() => {});
  }, [pos]);

  // Stable callbacks: the tiles and the cart (memoised) do not re-render when a dialog opens.
  const selectTile = useCallback(
    // The cart refuses at once what no answer could make right (a renewal, a second membership),
    // before a dialog asks for a quantity or a member; the SDK toasts the refusal.
    async (tile: Tile) => {
      const prepared = await pos.cart.prepare(tile.sku).catch(() => undefined);
      if (!prepared) return;
      if (prepared.needsMember) {
        setDialog({ kind: 'member', tile });
        return;
      }
      const target: QuantityTarget = {
        label: `${tile.title} - ${tile.subtitle}`,
        price: tile.price,
        initial: prepared.quantity,
        apply: (quantity) => pos.cart.add(tile.sku, quantity),
      };
      setDialog({ kind: 'quantity', target });
    },
    [pos],
  );

  const editQuantity = useCallback(
    (item: PosCartItem) =>
      setDialog({
        kind: 'quantity',
        target: {
          label: lineLabel(item),
          price: item.price,
          initial: item.quantity,
          apply: (quantity) => pos.cart.setQuantity(item.sku, quantity),
        },
      }),
    [pos],
  );
  const editDiscount = useCallback((item: PosCartItem) => setDialog({ kind: 'discount', item }), []);

  const scanProduct = async (code: string) => {
    const prepared = await pos.cart.prepare(code);
    const tile = pos.catalog.findBySku(prepared.sku);
    if (prepared.needsMember && tile) {
      setDialog({ kind: 'member', tile });
      return;
    }
    await pos.cart.add(prepared.sku, prepared.quantity);
  };

  const goToPayment = () => {
    const hasItems = checkCartHasItems(pos.cart.items.value);
    if (!hasItems.ok) {
      // 'Shopping Cart Empty' / 'No item to checkout', a 3 s warning.
      pos.notices.push({
        kind: 'warning',
        message: hasItems.message,
        ...(hasItems.title ? { title: hasItems.title } : {}),
      });
      return;
    }
    // Entering the payment screen clears the selected pass and merchandise.
    setDialog(null);
    navigate('/payment');
  };

  const openDrawer = async () => {
    try {
      await pos.shift.openDrawer();
      if (!pos.hardware.capabilities.drawer) {
        pos.notices.push({ kind: 'info', message: MESSAGES.noCashDrawer });
      }
    } catch {
      // Toasted by the SDK.
    }
  };

  return (
    <div className="grid h-full grid-cols-[minmax(0,1fr)] gap-3 p-3 min-[992px]:grid-cols-[minmax(0,1fr)_18rem] max-[991px]:h-auto max-[991px]:min-h-full">
      <div className="flex min-h-0 flex-col gap-3">
        <h1 className="sr-only">Sales</h1>
        <section
          aria-label="Cart"
          className="flex min-h-44 flex-none flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 min-[992px]:max-h-[45%] dark:bg-slate-900 dark:ring-slate-800"
        >
          <CartTable onEditQuantity={editQuantity} onDiscount={editDiscount} />
        </section>
        <section
          aria-label="Products"
          className="flex min-h-0 flex-1 flex-col rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
        >
          <ProductTiles kind={kind} onKindChange={setKind} onSelect={selectTile} />
        </section>
      </div>

      <aside
        aria-label="Sale"
        className="flex flex-col gap-3 max-[991px]:sticky max-[991px]:bottom-0 max-[991px]:-mx-3 max-[991px]:-mb-3 max-[991px]:border-t max-[991px]:border-slate-200 max-[991px]:bg-slate-100/95 max-[991px]:p-3 max-[991px]:backdrop-blur dark:max-[991px]:border-slate-800 dark:max-[991px]:bg-slate-950/95"
      >
        <SaleTotal showItemCount />
        <div className="grid grid-cols-2 gap-2 min-[992px]:grid-cols-1 min-[992px]:gap-3">
          <Button
            icon="ticket"
            size="lg"
            className="max-[991px]:px-3 max-[991px]:text-base"
            onClick={() => setDialog({ kind: 'checkPass' })}
          >
            Check Pass
          </Button>
          <Button
            icon="scan"
            size="lg"
            className="max-[991px]:px-3 max-[991px]:text-base"
            onClick={() => setDialog({ kind: 'scanProduct' })}
          >
            Scan Product
          </Button>
          <Button
            variant="primary"
            icon="cash"
            size="xl"
            onClick={goToPayment}
            className="max-[991px]:order-first max-[991px]:col-span-2 max-[991px]:min-h-14"
          >
            Payment
          </Button>
          <Button
            icon="menu"
            size="lg"
            onClick={() => setDialog({ kind: 'menu' })}
            className="max-[991px]:col-span-2"
          >
            Menu
          </Button>
        </div>
      </aside>

      <QuantityDialog
        target={dialog?.kind === 'quantity' ? dialog.target : null}
        onClose={closeOnly('quantity')}
      />
      {memberUsed ? (
        <Suspense fallback={null}>
          <MemberDetailsDialog
            tile={dialog?.kind === 'member' ? dialog.tile : null}
            onClose={closeOnly('member')}
          />
        </Suspense>
      ) : null}
      {customerDisplayUsed ? (
        <Suspense fallback={null}>
          <CustomerDisplayDialog
            open={dialog?.kind === 'customerDisplay'}
            onClose={closeOnly('customerDisplay')}
          />
        </Suspense>
      ) : null}
      {discountUsed ? (
        <Suspense fallback={null}>
          <DiscountDialog
            item={dialog?.kind === 'discount' ? dialog.item : null}
            onClose={closeOnly('discount')}
          />
        </Suspense>
      ) : null}
      {endShiftUsed ? (
        <Suspense fallback={null}>
          <EndShiftDialog
            open={dialog?.kind === 'endShift'}
            onClose={closeOnly('endShift')}
            onEnded={(report) => setDialog({ kind: 'report', report })}
          />
          <ShiftReportDialog
            report={dialog?.kind === 'shiftSoFar' ? dialog.report : null}
            onClose={closeOnly('shiftSoFar')}
          />
          <ShiftReportDialog
            report={dialog?.kind === 'report' ? dialog.report : null}
            onNewShift={() => {
              closeOnly('report')();
              pos.shift.start().catch(() => {});
            }}
            onSignOut={() => {
              closeOnly('report')();
              pos.session.signOut();
            }}
          />
        </Suspense>
      ) : null}
      <FloatDialog
        open={needsFloat || dialog?.kind === 'float'}
        isNewShift={needsFloat}
        onClose={closeOnly('float')}
      />
      <MenuDialog
        open={dialog?.kind === 'menu'}
        onClose={closeOnly('menu')}
        actions={{
          openDrawer: () => void openDrawer(),
          float: () => {
            pos.shift.openFloatFromMenu().then(
              () => setDialog({ kind: 'float' }),
              () => setDialog({ kind: 'float' }),
            );
          },
          shiftSoFar: () => {
            // The X report on screen first; printed when the cashier asks (a refusal is the SDK's toast).
            pos.shift.report({ print: false }).then(
              (report) => setDialog({ kind: 'shiftSoFar', report }),
              () => {},
            );
          },
          closeShift: () => setDialog({ kind: 'endShift' }),
          checkPass: () => setDialog({ kind: 'checkPass' }),
          orderHistory: () => {
            // Order history's code first, then the URL: /orders shows whole (a failure shows there).
            const go = () => navigate('/orders');
            loadOrdersScreen().then(go, go);
          },
          refund: () => setDialog({ kind: 'refundInvoice' }),
          membership: () => openMembership(),
          customerDisplay: () => setDialog({ kind: 'customerDisplay' }),
        }}
      />
      <PromptDialog
        open={dialog?.kind === 'checkPass'}
        onClose={closeOnly('checkPass')}
        title={MESSAGES.scanPass}
        label="Pass ID"
        validate={validatePassId}
        onConfirm={(id) => openTicket(id)}
        submitLabel="Check"
        scanFormats={PASS_CODES}
        testId="scan-pass-dialog"
      />
      <PromptDialog
        open={dialog?.kind === 'scanProduct'}
        onClose={closeOnly('scanProduct')}
        title="Scan Product"
        label="Product Code"
        description="Scan the barcode or type the product code."
        onConfirm={scanProduct}
        keepOpen
        scanFormats={PRODUCT_CODES}
        submitLabel="Add"
        testId="scan-product-dialog"
      />
      <PromptDialog
        open={dialog?.kind === 'refundInvoice'}
        onClose={closeOnly('refundInvoice')}
        title={MESSAGES.invoiceId}
        label={MESSAGES.invoiceId}
        validate={validateInvoiceId}
        onConfirm={(invoiceId) => setDialog({ kind: 'refundReason', invoiceId })}
        keepOpen
        submitLabel="Next"
        testId="refund-invoice-dialog"
      />
      <PromptDialog
        open={dialog?.kind === 'refundReason'}
        onClose={closeOnly('refundReason')}
        title={MESSAGES.refundReason}
        label={MESSAGES.refundReason}
        description={dialog?.kind === 'refundReason' ? `Invoice ${dialog.invoiceId}` : undefined}
        validate={validateRefundReason}
        onConfirm={(reason) => {
          if (dialog?.kind === 'refundReason') return pos.orders.refund(dialog.invoiceId, reason);
        }}
        submitLabel="Refund"
        testId="refund-reason-dialog"
      />
    </div>
  );
}
