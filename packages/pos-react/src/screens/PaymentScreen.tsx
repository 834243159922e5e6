import type { SubmitInput, TenderType } from 'pos-sdk';
import type { EinvoiceBuyer } from 'pos-sdk/contract';
import { MESSAGES } from 'pos-sdk/messages';
import { formatRM } from 'pos-sdk/money';
import { needsOwnEinvoice } from 'pos-sdk/rules';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../components/Button';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Icon } from '../components/Icon';
import { useDialogs } from '../dialogs/useDialogs';
import { useCart } from '../hooks/useCart';
import { useCheckout } from '../hooks/useCheckout';
import { usePos } from '../hooks/usePos';
import { usePosAction } from '../hooks/usePosAction';
import { useRightRail } from '../layout/useRightRail';
import { CustomerEmailDialog } from '../payment/CustomerEmailDialog';
import { TenderBoxes } from '../payment/TenderBoxes';
import { TenderDialog } from '../payment/TenderDialog';
import { CartTable } from '../sales/CartTable';
import { SaleTotal } from '../sales/SaleTotal';

/** Asked for a sale above RM 10,000 only: loaded when first needed, so the sales screen's first load stays as it is. */
const EinvoiceBuyerDialog = lazy(() =>
  import('../payment/EinvoiceBuyerDialog').then((module) => ({ default: module.EinvoiceBuyerDialog })),
);

/**
 * /payment (spec section 2): the cart, the CASH / CREDIT CARD / E-WALLET / GIFT CARD boxes, the
 * TOTAL and a Change or Short line, Checkout and Back. Checkout asks the 'Customer Email'; the
 * sale's receipt shows on the sales screen. The screen leaves to /main when the cart is empty. A sale above
 * RM 10,000 first asks for its e-invoice's buyer ('E-invoice Buyer', or General Public).
 */
export function PaymentScreen() {
  const pos = usePos();
  const navigate = useNavigate();
  const { showReceipt } = useDialogs();
  const { isEmpty, amountToPay } = useCart();
  const { paid, change, isShort, shortBy, customerEmail, submitting } = useCheckout();
  const [tenderType, setTenderType] = useState<TenderType | null>(null);
  const [emailOpen, setEmailOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [buyerOpen, setBuyerOpen] = useState(false);
  /** The e-invoice's buyer of a sale above RM 10,000; null: the general public. */
  const [buyer, setBuyer] = useState<EinvoiceBuyer | null>(null);
  const submit = usePosAction((input: SubmitInput) => pos.checkout.submit(input));
  useRightRail('20rem');

  useEffect(() => {
    if (isEmpty) navigate('/main', { replace: true });
  }, [isEmpty, navigate]);

  const startCheckout = () => {
    // 'Insufficient Amount' / 'Payment is short by RM {x}' (a 3 s warning) comes from the SDK.
    if (!pos.checkout.checkPayment()) return;
    submit.reset();
    if (needsOwnEinvoice(amountToPay)) {
      setBuyerOpen(true);
      return;
    }
    setBuyer(null);
    setEmailOpen(true);
  };

  const buyerGiven = (given: EinvoiceBuyer | null) => {
    setBuyer(given);
    setBuyerOpen(false);
    setEmailOpen(true);
  };

  const checkOut = async (input: SubmitInput) => {
    const receipt = await submit.run(buyer === null ? input : { ...input, buyer });
    if (!receipt) return;
    setEmailOpen(false);
    setConfirmOpen(false);
    showReceipt(receipt);
  };

  const submitEmail = (email: string) => {
    pos.checkout.setCustomerEmail(email);
    const check = pos.checkout.checkEmail(email);
    if (check.kind === 'confirm') {
      setConfirmOpen(true);
      return;
    }
    // ok goes on; invalid and required are refused by the checkout with the spec's warning.
    void checkOut({ email });
  };

  return (
    <div className="grid h-full grid-cols-[minmax(0,1fr)] gap-3 p-3 min-[992px]:grid-cols-[minmax(0,1fr)_20rem] max-[991px]:h-auto max-[991px]:min-h-full">
      <div className="flex min-h-0 flex-col gap-3">
        <h1 className="sr-only">Payment</h1>
        <section
          aria-label="Cart"
          className="flex min-h-40 flex-1 flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
        >
          <CartTable />
        </section>
        <section
          aria-labelledby="payment-methods"
          className="@container flex-none rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
        >
          <h2
            id="payment-methods"
            className="mb-3 text-sm font-bold uppercase tracking-wide text-slate-600 dark:text-slate-300"
          >
            Payment method
          </h2>
          <TenderBoxes onSelect={setTenderType} />
        </section>
      </div>

      <aside
        aria-label="Payment"
        className="flex flex-col gap-3 max-[991px]:sticky max-[991px]:bottom-0 max-[991px]:-mx-3 max-[991px]:-mb-3 max-[991px]:border-t max-[991px]:border-slate-200 max-[991px]:bg-slate-100/95 max-[991px]:p-3 max-[991px]:backdrop-blur dark:max-[991px]:border-slate-800 dark:max-[991px]:bg-slate-950/95"
      >
        <SaleTotal />
        <dl className="rounded-2xl bg-white p-4 text-lg shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
          <div className="flex justify-between py-1">
            <dt className="text-slate-600 dark:text-slate-300">Paid</dt>
            <dd className="font-semibold tabular-nums">{formatRM(paid)}</dd>
          </div>
          {isShort ? (
            <div
              className="flex justify-between py-1 font-bold text-red-700 dark:text-red-400"
              data-testid="short"
            >
              <dt className="flex items-center gap-1.5">
                <Icon name="alert" />
                Short
              </dt>
              <dd className="tabular-nums">{formatRM(shortBy)}</dd>
            </div>
          ) : (
            <div
              className="flex justify-between py-1 font-bold text-emerald-800 dark:text-emerald-300"
              data-testid="change"
            >
              <dt>Change</dt>
              <dd className="tabular-nums">{formatRM(change)}</dd>
            </div>
          )}
        </dl>
        <div className="grid grid-cols-[auto_1fr] gap-2 min-[992px]:grid-cols-1 min-[992px]:gap-3">
          <Button
            variant="primary"
            size="xl"
            icon="check"
            loading={submitting}
            onClick={startCheckout}
            className="max-[991px]:order-last"
          >
            Checkout
          </Button>
          <Button size="lg" icon="chevronLeft" onClick={() => navigate('/main')}>
            Back
          </Button>
        </div>
      </aside>

      <TenderDialog type={tenderType} onClose={() => setTenderType(null)} />
      {buyerOpen ? (
        <Suspense fallback={null}>
          <EinvoiceBuyerDialog open onDone={buyerGiven} onClose={() => setBuyerOpen(false)} />
        </Suspense>
      ) : null}
      <CustomerEmailDialog
        open={emailOpen && !confirmOpen}
        initialEmail={customerEmail}
        error={submit.error}
        busy={submit.busy}
        onSubmit={submitEmail}
        onClose={() => setEmailOpen(false)}
      />
      <ConfirmDialog
        open={confirmOpen}
        title={MESSAGES.confirmNoCustomerEmail}
        note={MESSAGES.customerEmailNote}
        confirmLabel="Yes, checkout"
        cancelLabel="No, enter email"
        busy={submit.busy}
        onConfirm={() => void checkOut({ email: '', confirmedNoEmail: true })}
        onCancel={() => setConfirmOpen(false)}
        testId="confirm-no-email-dialog"
      />
    </div>
  );
}
