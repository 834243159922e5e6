/**
 * Tickets (the passes sold): their ids, issuing them with a sale, reading and redeeming them at the gate, and the
 * face photos registered for them.
 */
export { copyFacePhotoFilesIntoDatabase } from './copyFacePhotoFiles';
export { createFacePhotoStore } from './facePhotoStore';
export { requireTicket } from './findTicket';
export { issueTickets, ticketsToIssue } from './issueTickets';
export { readTicket, readTicketToWire } from './readTicket';
export { ticketRoutes } from './routes';
export { newOfflineTicketId, newTicketId, readTicketId, TICKET_ID_PATTERN } from './ticketId';
export { ticketsFromParts, ticketsToWire } from './ticketsToWire';
