import type { EndpointName } from './endpoints';

/**
 * One line per call of `ENDPOINTS` for the reference (docs/api.md, docs/openapi.json). Kept apart from the table the
 * client is built from, so an app that bundles the SDK does not carry the reference's prose.
 */
export const ENDPOINT_SUMMARIES: Readonly<Record<EndpointName, string>> = {
  health: 'Liveness check; no token needed.',
  signIn: 'Reference identity provider: email and password for an idToken.',
  adminLogin: 'Exchanges the identity result for a user token and the profile.',
  signOut: 'Signs out: revokes the user token the call carries, on every endpoint, at once.',
  pairDevice: 'Pairs a device with a terminal by the one-time code a manager made; no token needed.',
  terminalStatus: 'Whether the terminal of X-Host-Name is registered, and its store; no token needed.',
  terminalList: 'Back office: the registered terminals with their stores.',
  terminalPair: 'Back office: registers a terminal if needed and makes a one-time pairing code for a device.',
  terminalRemove: 'Back office: unregisters a terminal; its device is signed out and pairs again.',
  users: 'The users list (discount approvers): the managers, and the staff a manager allowed to approve.',
  displayPair:
    "A one-time six-digit code (5 minutes) for a tablet to become this terminal's customer display; earlier codes end.",
  displayClaim:
    "A tablet's /display claims a till's code (no token needed): answers a token that reads that terminal's display stream only.",
  displayStatus: "Whether a tablet is paired as this terminal's customer display, and its open streams.",
  displayPublish:
    "What this terminal's customer display shows now (the sale, a thank-you, or idle), sent to its stream.",
  displayUnpair:
    "Unpairs this terminal's customer display: its token stops working and its stream ends with `unpaired`.",
  verifyPin: "Verifies an approver's PIN; answers a single-use approval for a discount.",
  startShift: "Returns the terminal's open shift, or opens one.",
  setFloat: 'Appends a float entry to the open shift.',
  shiftReport: 'X report of the open shift so far; nothing is closed.',
  shiftReportOf:
    "Any shift's report by its id: the X report while it is open, its end-of-shift report once closed.",
  endShift: 'Closes the open shift with the counted takings; answers the end-of-shift report.',
  passes: 'Pass products of a store.',
  merchandises: 'Merchandise products of a store.',
  checkout: 'Sells a cart: one transaction writes order, invoice, tenders and tickets.',
  getOrders:
    "Orders of a period for an origin, newest first, optionally searched: a page of light rows with limit or cursor, else the full orders (at most 1,000). An origin that is no store is a 400 'Unknown store X'.",
  getOrder: 'One order by its _id or its invoice id.',
  addOrderNote: 'Adds a note to an order.',
  cancelOrder: 'Cancels an order; its tickets become Canceled.',
  refundOrder:
    "Refunds a same-day PAID invoiced order with a reason, whole or by line (items and units), by the given or the order's own methods; the refunded units' tickets become Canceled.",
  resendReceipt:
    "Emails an order's receipt and passes again, to its customer email or a corrected one; answers the order with its mail status.",
  mailOutbox: "The mail outbox's messages, newest first, a page at a time; failed ones to resend by hand.",
  exportOrderReport:
    "The period's orders, streamed as CSV (default) or JSON. An origin that is no store is a 400 'Unknown store X', never an empty export.",
  getTicket: 'One ticket by id.',
  ticketPhoto: "The ticket's registered face photo (image/jpeg), for staff only.",
  checkTicketRedeem: 'Redeems one use of a ticket; 409 with the reason when it is not redeemable.',
  annulTicketRedeem:
    "Undoes one entry (use) of a ticket: only on the terminal that made it, within the venue's entry_undo_seconds; 409 otherwise.",
  registerFace:
    'Registers a face photo (multipart field file, JPEG ≤ 2 MB), or no body for a used non-shareable ticket.',
  lookupMembership: 'A member by email, with their orders and tickets; 404 when none.',
  renewMembership:
    "Renews a member's membership by the chosen months, paid like a sale: tenders, change in cash.",
  holdMembership:
    'Holds a membership from a day for some days (entries refused, the expiry moves by the days).',
  endMembershipHold: "Ends a membership's hold today; the expiry moves back by the days not held.",
  membershipHolds: "A membership's holds, newest first.",
  stockList: "The tracked merchandise variants' stock levels (low ones only with low).",
  salesSummary:
    "The venue's sales of a period of venue days: totals against the period before, by day, hour, product, category, method, staff and terminal, and the period's shifts.",
  stockImport:
    'Deliveries from a CSV file (sku,quantity[,reason]), checked first with dry_run, applied in one transaction.',
  stockTrack: "Starts or stops keeping a variant's stock: starting level, low level, cost.",
  stockReceive: "A delivery: units into a tracked variant's stock.",
  stockAdjust: "Damage or a correction of a tracked variant's stock, with its reason.",
  stockHistory: "A variant's stock movements, newest first.",
  stockCount: 'A stock count: each variance against the level now; applied unless dry_run.',
  taxList: "The venue's tax codes: name, rate in basis points, MyInvois tax type.",
  taxSet: 'Adds or changes a tax code (sold orders keep the rate they were sold at).',
  taxRemove: 'Removes a tax code no catalogue variant uses.',
  einvoiceSettings:
    "The venue's e-invoice identity (TIN, BRN, SST, MSIC, address) and whether MyInvois is configured, never the secrets.",
  einvoiceSettingsSet:
    "Changes the venue's e-invoice identity; MSIC, state and country against LHDN's code tables.",
  einvoiceSubmit:
    "Queues a finished month's consolidated e-invoice to MyInvois once (the same document when asked again); dry_run answers its JSON.",
  einvoiceList: "The e-invoices, newest first, or a month's consolidated one.",
  einvoiceOfOrder: "The e-invoices that cover an order: its own, or its month's consolidated one.",
  einvoiceStatus: 'One e-invoice: where it stands with MyInvois (asked now), its validation link or errors.',
  einvoiceRetry: 'Tries a failed e-invoice again, or rebuilds a rejected or invalid one.',
  einvoiceCancel: 'Cancels a valid e-invoice with MyInvois, within 72 hours of its validation.',
  venue: "The venue's settings (name, address, receipt footer, time zone ...), for receipts.",
  settingsSet: 'Back office: changes venue settings (not the time zone while a shift is open).',
  staffList: 'Back office: every staff member with role and status.',
  staffAdd: 'Back office: adds a staff member (password and PIN stored hashed).',
  staffEdit: "Back office: changes a member's name, email, role or right to approve discounts.",
  staffSetActive: 'Back office: disables (tokens stop at once) or enables a member.',
  staffResetPassword: "Back office: sets a member's password (their tokens stop).",
  staffResetPin: "Back office: sets a member's approval PIN.",
  catalogList: 'Back office: every catalogue row and product, retired ones too.',
  catalogAdd: 'Back office: adds a pass or merchandise variant (and its product when new).',
  catalogEdit: 'Back office: changes a variant by SKU; a new price applies to the next sale.',
  catalogSetActive: 'Back office: retires or restores a variant (by SKU) or a product.',
  catalogImport:
    'Back office: imports a whole catalogue file (CSV or JSON), all or nothing; dry_run shows the changes.',
  catalogExport: 'Back office: the whole catalogue as a CSV or JSON file (what import reads).',
  auditList: 'Back office: the audit log of a period, newest first, filtered and paged.',
  kioskEnable:
    "Puts the calling terminal in kiosk mode (self check-in), a manager's call: answers the kiosk token, scoped to checking passes in.",
  kioskExit: "Ends the kiosk mode of the calling kiosk with a manager's PIN; its token is revoked.",
  offlinePrepare:
    'What the terminal needs to work through an outage: the offline policy, ticket ids reserved for it, tickets to check.',
  syncConflicts:
    "Back office: offline sales the server refused and offline redeems past a pass's limit, newest first.",
  resolveSyncConflict: 'Back office: closes a sync conflict with a note of what was done.',
};
