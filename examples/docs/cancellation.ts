import { type CallOptions, isPosError, type Pos } from 'pos-sdk';

/** A member search as the cashier types: each keystroke gives up on the search before it (`pos.membership.result`). */
export function memberSearch(pos: Pos): (email: string) => Promise<void> {
  let previous: AbortController | undefined;
  return async (email) => {
    previous?.abort();
    const controller = new AbortController();
    previous = controller;
    const options: CallOptions = { signal: controller.signal };
    try {
      await pos.membership.lookup(email, options);
    } catch (error) {
      if (isPosError(error) && error.code === 'aborted') return; // replaced by a newer search
      throw error;
    }
  };
}

/**
 * A checkout the cashier may stop waiting for (a Cancel button). Stopping keeps the cart, the tenders and the
 * attempt's idempotency key: paying again sends the same key, so the sale is booked once even if the first request
 * reached the server.
 */
export async function payWithCancel(pos: Pos, email: string, cancel: AbortSignal): Promise<boolean> {
  try {
    const receipt = await pos.checkout.submit({ email }, { signal: cancel });
    console.info('Sold', receipt.order.invoice?._id);
    return true;
  } catch (error) {
    if (isPosError(error) && error.code === 'aborted') {
      console.info('Stopped waiting; same key on the next try:', pos.checkout.pendingKey.value);
      return false;
    }
    throw error;
  }
}
