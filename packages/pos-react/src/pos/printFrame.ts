import type { PrintViewWindow } from 'pos-sdk';

/** The id of the hidden frame receipts are printed from (e2e tests read the last receipt there). */
export const PRINT_FRAME_ID = 'pos-print-view';

/**
 * Opens the print view in a hidden frame of this page instead of a pop-up window: a receipt is
 * printed after the server answers, when the click that started the sale no longer counts as a user
 * gesture, and browsers block pop-ups opened then. The frame is reused; each document replaces
 * the previous one, so the last receipt stays readable.
 */
export function openPrintFrame(): PrintViewWindow | null {
  let frame = document.getElementById(PRINT_FRAME_ID) as HTMLIFrameElement | null;
  if (!frame) {
    frame = document.createElement('iframe');
    frame.id = PRINT_FRAME_ID;
    frame.title = 'Receipt print view';
    frame.tabIndex = -1;
    frame.setAttribute('aria-hidden', 'true');
    Object.assign(frame.style, {
      position: 'fixed',
      width: '0',
      height: '0',
      border: '0',
      right: '0',
      bottom: '0',
      visibility: 'hidden',
    });
    document.body.append(frame);
  }
  const view = frame.contentWindow;
  if (!view) return null;
  // Printing needs the frame focused, but the cashier's keyboard must come back to where it was
  // (an open dialog's Escape and Tab, the REPRINT button), so focus is handed back after print.
  let previous: Element | null = null;
  return {
    document: view.document,
    focus: () => {
      previous = document.activeElement;
      view.focus();
    },
    print: () => {
      try {
        view.print();
      } finally {
        if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
        previous = null;
      }
    },
  };
}
