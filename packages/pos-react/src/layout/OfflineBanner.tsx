import { useSignals } from '@preact/signals-react/runtime';
import { useLayoutEffect } from 'react';
import { Icon } from '../components/Icon';
import { usePos } from '../hooks/usePos';
import { toastsContainer } from './toastsContainer';

/** The banner's height (one line of text and its padding); the toasts start below it. */
const BANNER_HEIGHT = '2.75rem';

/**
 * The strip under the header while the server cannot be reached or the waiting sales are being sent
 * (the SDK's `sync.banner`: 'Offline: 3 sales waiting to sync', 'Syncing: 3 waiting'). It takes its
 * own row, so it never covers the TOTAL, Payment or Checkout, and the toasts start below it
 * (`--pos-banner`). A `status` region that is always there, so a screen reader hears each change of
 * its text.
 */
export function OfflineBanner() {
  useSignals();
  const { sync } = usePos();
  const banner = sync?.banner.value ?? null;
  const connection = sync?.connection.value;
  const shown = banner !== null;

  useLayoutEffect(() => {
    if (!shown) return;
    const container = toastsContainer();
    container.style.setProperty('--pos-banner', BANNER_HEIGHT);
    return () => {
      container.style.removeProperty('--pos-banner');
    };
  }, [shown]);

  return (
    <div role="status" data-testid="offline-banner" className="shrink-0">
      {shown ? (
        <p
          data-connection={connection}
          className={`flex min-h-11 items-center justify-center gap-2 border-b px-3 py-1.5 text-center font-semibold ${
            connection === 'syncing'
              ? 'border-brand-200 bg-brand-50 text-brand-800 dark:border-brand-800 dark:bg-slate-800 dark:text-brand-100'
              : 'border-amber-300 bg-amber-100 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50'
          }`}
        >
          <Icon name={connection === 'syncing' ? 'history' : 'alert'} className="size-5 shrink-0" />
          {banner}
        </p>
      ) : null}
    </div>
  );
}
