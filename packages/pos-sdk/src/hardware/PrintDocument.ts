import type { FloatEntry, Order, OrderRefund, Shift, ShiftReport, Ticket } from '../contract';

/**
 * What every printed document carries besides its contract data: who and where it was printed.
 * Plain JSON, so a document can travel to a desktop shell unchanged.
 */
export interface DocumentHeader {
  /** Printed centred at the top, e.g. 'Demo Climbing Gym'. Omitted when absent. */
  readonly venueName?: string;
  /** This terminal (host id, e.g. 'TICKET01'): printed when the order or shift names none. */
  readonly terminal?: string;
  /** Who prints ('Ana Cashier'): printed as the cashier when the order or shift names none. */
  readonly staff?: string;
  /** When the document was printed: ISO 8601 with offset. */
  readonly printedAt: string;
  /** IANA time zone every date is shown in (`DD-MM-YYYY HH:mm:ss`); default `Asia/Kuala_Lumpur`. */
  readonly timeZone?: string;
  /** The venue's details under its name (venue settings): address, registration number, phone. */
  readonly venue?: VenueDetails;
  /** Printed at the bottom of a receipt (venue settings), e.g. 'Thank you for climbing with us!'. */
  readonly footer?: string;
  /** The currency symbol of totals (venue settings' `currency_display`); default `RM`. */
  readonly currency?: string;
}

/** What a receipt prints under the venue's name. Empty fields are left out. */
export interface VenueDetails {
  readonly address?: string;
  readonly registrationNo?: string;
  readonly phone?: string;
  /** The venue's SST registration number, printed with the tax of a receipt that carries tax. */
  readonly sstRegistrationNo?: string;
}

/** The customer's receipt of a checkout (spec section 4: "a successful checkout ... prints a receipt"). */
export interface SaleDocument {
  readonly kind: 'sale';
  readonly header: DocumentHeader;
  /** The order of the checkout receipt (`Receipt.order`); its items carry their ticket ids. */
  readonly order: Order;
  /**
   * The tickets the checkout issued (`Receipt.tickets`). The text layout lists ticket ids from
   * the order items; a desktop shell may use these to print a QR code per ticket.
   */
  readonly tickets?: readonly Ticket[];
}

/** A receipt printed again from the orders screen (spec section 4: "Reprint sends the order to the desktop shell"). */
export interface ReprintDocument {
  readonly kind: 'reprint';
  readonly header: DocumentHeader;
  /** The order as it is now (status, notes, refund included). */
  readonly order: Order;
}

/**
 * The refund slip: printed when a refund is made, what went back for which lines and by which methods. The
 * customer's email gets the same.
 */
export interface RefundDocument {
  readonly kind: 'refund';
  readonly header: DocumentHeader;
  /** The order as it is after the refund. */
  readonly order: Order;
  /** The refund the slip is of (an older server's whole refund has none: the slip says the order's total). */
  readonly refund?: OrderRefund;
}

/** The slip printed when a float is set (spec section 4: "Setting a float ... prints a float receipt"). */
export interface FloatDocument {
  readonly kind: 'float';
  readonly header: DocumentHeader;
  /** The shift after the float was set; the running float total is the sum of `shift.float`. */
  readonly shift: Shift;
  /** The float entry just set (normally the last of `shift.float`). */
  readonly entry: FloatEntry;
}

/** The X report: the open shift's takings so far, nothing closed (`shift_report`). */
export interface XReportDocument {
  readonly kind: 'x-report';
  readonly header: DocumentHeader;
  readonly report: ShiftReport;
}

/** The end-of-shift (Z) report, with counted takings and variance (spec section 4: "prints an end-of-shift report"). */
export interface ZReportDocument {
  readonly kind: 'z-report';
  readonly header: DocumentHeader;
  readonly report: ShiftReport;
}

/**
 * Anything a {@link HardwareDriver} prints, told apart by `kind`. Documents are data (contract
 * types plus a {@link DocumentHeader}); `renderDocument` lays them out as text.
 */
export type PrintDocument =
  | SaleDocument
  | ReprintDocument
  | RefundDocument
  | FloatDocument
  | XReportDocument
  | ZReportDocument;

/** The `kind` of a {@link PrintDocument}. */
export type PrintDocumentKind = PrintDocument['kind'];

/** Options of {@link createDocumentHeader}. */
export interface DocumentHeaderOptions {
  readonly venueName?: string;
  readonly terminal?: string;
  readonly staff?: string;
  /** The print time; default now. */
  readonly now?: Date;
  /** IANA time zone; default `Asia/Kuala_Lumpur`. */
  readonly timeZone?: string;
  readonly venue?: VenueDetails;
  readonly footer?: string;
  readonly currency?: string;
}

/**
 * Builds a {@link DocumentHeader} stamped with the print time, leaving out absent fields.
 *
 * @example createDocumentHeader({ venueName: 'Demo Gym', terminal: 'TICKET01', staff: 'Ana Cashier' })
 */
export function createDocumentHeader(options: DocumentHeaderOptions = {}): DocumentHeader {
  const { now = new Date(), ...rest } = options;
  const header: { -readonly [K in keyof DocumentHeader]: DocumentHeader[K] } = {
    printedAt: now.toISOString(),
  };
  if (rest.venueName !== undefined) header.venueName = rest.venueName;
  if (rest.terminal !== undefined) header.terminal = rest.terminal;
  if (rest.staff !== undefined) header.staff = rest.staff;
  if (rest.timeZone !== undefined) header.timeZone = rest.timeZone;
  if (rest.venue !== undefined) header.venue = rest.venue;
  if (rest.footer !== undefined && rest.footer.trim() !== '') header.footer = rest.footer;
  if (rest.currency !== undefined && rest.currency.trim() !== '') header.currency = rest.currency;
  return header;
}
