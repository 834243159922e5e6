import type { TenderType } from 'pos-sdk';
import { formatRM, isPositive } from 'pos-sdk/money';
import { Icon } from '../components/Icon';
import { useCheckout } from '../hooks/useCheckout';
import { TENDER_METHODS } from './tenderMethods';

/** The four payment method boxes; a box shows the amount entered for its method. */
export function TenderBoxes({ onSelect }: { onSelect: (type: TenderType) => void }) {
  const { tenders } = useCheckout();
  return (
    <div className="grid grid-cols-2 gap-3 @xl:grid-cols-4">
      {TENDER_METHODS.map((method) => {
        const amount = method.type === 'GIFT CARD' ? undefined : tenders[method.type];
        const isSet = amount !== undefined && isPositive(amount);
        return (
          <button
            key={method.type}
            type="button"
            disabled={!method.enabled}
            onClick={() => {
              if (method.type !== 'GIFT CARD') onSelect(method.type);
            }}
            data-testid="tender"
            data-type={method.type}
            className={`flex min-h-28 flex-col items-start justify-between gap-2 rounded-2xl p-4 text-left ring-1 transition ${
              !method.enabled
                ? 'cursor-not-allowed bg-slate-100 text-slate-500 ring-slate-200 dark:bg-slate-900 dark:text-slate-400 dark:ring-slate-800'
                : isSet
                  ? 'bg-brand-50 text-brand-800 shadow-sm ring-2 ring-brand-600 dark:bg-brand-800/40 dark:text-brand-100'
                  : 'bg-white text-slate-800 shadow-sm ring-slate-200 hover:ring-2 hover:ring-brand-500 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-700'
            }`}
          >
            <span className="flex items-center gap-2 text-sm font-bold tracking-wide">
              <Icon name={method.icon} className="size-6" />
              {method.type}
            </span>
            <span className="text-xl font-extrabold tabular-nums">
              {amount === undefined ? 'Not available' : formatRM(amount)}
            </span>
          </button>
        );
      })}
    </div>
  );
}
