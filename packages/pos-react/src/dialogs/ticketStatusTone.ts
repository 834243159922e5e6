import type { TicketDisplayStatus } from 'pos-sdk/contract';
import type { BadgeTone } from '../components/Badge';

/** The badge colour of each ticket display status (ui.md: Active green, Inactive grey, Fully Used slate, Expired amber, Canceled red). */
export const TICKET_STATUS_TONES: Readonly<Record<TicketDisplayStatus, BadgeTone>> = {
  Active: 'green',
  Inactive: 'grey',
  'Fully Used': 'slate',
  Expired: 'amber',
  Canceled: 'red',
};
