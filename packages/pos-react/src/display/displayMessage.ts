export type { DisplayLine, DisplayMessage } from 'pos-sdk/contract';

/** The BroadcastChannel the till and its customer display share (same device, same origin). */
export const DISPLAY_CHANNEL = 'pos-customer-display';
