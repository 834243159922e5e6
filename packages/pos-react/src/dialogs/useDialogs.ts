import { useContext } from 'react';
import { type DialogsApi, DialogsContext } from './DialogsContext';

/**
 * Opens the app-wide dialogs: `openTicket(id)`, `openMembership()`, `showReceipt(receipt)`.
 *
 * @example const { openTicket } = useDialogs(); openTicket('T-0001');
 */
export function useDialogs(): DialogsApi {
  const dialogs = useContext(DialogsContext);
  if (!dialogs) throw new Error('useDialogs() needs a <DialogHost> above it');
  return dialogs;
}
