import type { EinvoiceDocument, Order, Ticket, VenueSettings } from 'pos-sdk/contract';
import { formatRM, fromRinggit } from 'pos-sdk/money';
import { createDocumentHeader, renderDocument } from 'pos-sdk/receipt';
import { formatVenueDateTime, passUses } from 'pos-sdk/rules';
import type { MailKind } from '../db/Database';
import {
  einvoiceSubject,
  MAIL_TEXT,
  passesSubject,
  receiptSubject,
  refundSubject,
  renewalSubject,
} from './mailText';
import { qrCodePng } from './qrCodePng';

/** What a message is made from: the order as it is now, its tickets, and the venue. */
export interface MailFacts {
  kind: MailKind;
  order: Order;
  tickets: readonly Ticket[];
  /** The store's name (`stores.name`), shown at the top and in the subject. */
  storeName: string;
  timeZone: string;
  /** The venue's settings, when known: the receipt's header details, footer and currency symbol. */
  venue?: VenueSettings;
  /** The outbox row's event (`refund:<refund id>` names the refund by line a refund slip tells about). */
  eventKey?: string;
  /** The order's e-invoice request page (the receipt shows its link and QR code); absent without e-invoicing. */
  einvoiceRequestUrl?: string;
  /** The buyer's validated e-invoice, for an `einvoice` message. */
  einvoice?: EinvoiceDocument;
}

/** An inline image of a message, referenced from the HTML as `cid:<cid>`. */
export interface MailImage {
  cid: string;
  filename: string;
  content: Buffer;
  contentType: 'image/png';
}

/** A rendered email: subject, HTML, the plain-text part and the inline QR images. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  images: MailImage[];
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/** The printed receipt's lines (pos-sdk's receipt layout, 42 columns): the receipt email shows exactly these. */
function receiptText(facts: MailFacts): string {
  const { order } = facts;
  const header = createDocumentHeader({
    venueName: facts.storeName,
    ...(order.terminal === undefined ? {} : { terminal: order.terminal }),
    ...(order.staff === undefined ? {} : { staff: order.staff }),
    now: new Date(order.date),
    timeZone: facts.timeZone,
    ...(facts.venue === undefined
      ? {}
      : {
          venue: {
            address: facts.venue.address,
            registrationNo: facts.venue.registration_no,
            phone: facts.venue.phone,
            sstRegistrationNo: facts.venue.sst_registration_no,
          },
          footer: facts.venue.receipt_footer,
          currency: facts.venue.currency_display,
        }),
  });
  return renderDocument({ kind: 'sale', header, order }, { columns: 42 });
}

/** A phone-sized page: the store's name on top, then the blocks. */
function page(storeName: string, title: string, blocks: readonly string[]): string {
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f4f4f5;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#18181b">',
    '<div style="max-width:480px;margin:0 auto;padding:16px">',
    `<h1 style="font-size:20px;margin:0 0 4px">${escapeHtml(storeName)}</h1>`,
    `<h2 style="font-size:16px;font-weight:600;margin:0 0 16px;color:#52525b">${escapeHtml(title)}</h2>`,
    ...blocks,
    `<p style="margin:16px 0 0;color:#52525b">${escapeHtml(MAIL_TEXT.thankYou)}</p>`,
    '</div></body></html>',
  ].join('');
}

/** The receipt lines in a monospace block that fits a phone (42 columns at 12 px). */
function receiptBlock(text: string): string {
  return `<pre style="margin:0;padding:12px;background:#fff;border-radius:8px;font:12px/1.35 ui-monospace,Menlo,Consolas,monospace;white-space:pre;overflow-x:auto">${escapeHtml(text)}</pre>`;
}

/** The lines of one pass, for the HTML block and the plain-text part alike. */
function passLines(ticket: Ticket, timeZone: string): [string, string][] {
  return [
    [MAIL_TEXT.passLabel, ticket.pass.name],
    [MAIL_TEXT.validFrom, formatVenueDateTime(ticket.date, timeZone)],
    [MAIL_TEXT.validUntil, formatVenueDateTime(ticket.expiry, timeZone)],
    [MAIL_TEXT.uses, passUses(ticket.used.length, ticket.pass.usage_limit)],
  ];
}

async function renderPasses(facts: MailFacts): Promise<RenderedMail> {
  const invoice = facts.order.invoice?._id ?? facts.order._id;
  const images: MailImage[] = [];
  const blocks: string[] = [`<p style="margin:0 0 16px">${escapeHtml(MAIL_TEXT.passesIntro)}</p>`];
  const text: string[] = [facts.storeName, MAIL_TEXT.passesHeading, '', MAIL_TEXT.passesIntro, ''];
  for (const ticket of facts.tickets) {
    const cid = `qr-${ticket._id}@pos`;
    images.push({
      cid,
      filename: `${ticket._id}.png`,
      content: await qrCodePng(ticket._id),
      contentType: 'image/png',
    });
    const rows = passLines(ticket, facts.timeZone)
      .map(
        ([label, value]) =>
          `<tr><td style="padding:2px 8px 2px 0;color:#52525b">${escapeHtml(label)}</td><td style="padding:2px 0;font-weight:600">${escapeHtml(value)}</td></tr>`,
      )
      .join('');
    blocks.push(
      '<div style="background:#fff;border-radius:8px;padding:16px;margin:0 0 16px;text-align:center">',
      `<img src="cid:${cid}" alt="QR code of pass ${escapeHtml(ticket._id)}" width="232" height="232" style="display:block;margin:0 auto;width:232px;height:232px">`,
      `<div style="font:600 18px ui-monospace,Menlo,Consolas,monospace;letter-spacing:1px;margin:8px 0 12px">${escapeHtml(ticket._id)}</div>`,
      `<table style="margin:0 auto;text-align:left;font-size:14px;border-collapse:collapse">${rows}</table>`,
      '</div>',
    );
    text.push(
      `${ticket._id}`,
      ...passLines(ticket, facts.timeZone).map(([label, value]) => `  ${label}: ${value}`),
      '',
    );
  }
  text.push(MAIL_TEXT.thankYou);
  return {
    subject: passesSubject(invoice, facts.storeName),
    html: page(facts.storeName, MAIL_TEXT.passesHeading, blocks),
    text: text.join('\n'),
    images,
  };
}

/** A block with a link and its QR code (an inline PNG), under a line of words. */
async function linkBlock(
  cid: string,
  words: string,
  url: string,
  label: string,
): Promise<{ html: string; image: MailImage }> {
  const image: MailImage = {
    cid,
    filename: `${cid.split('@')[0]}.png`,
    content: await qrCodePng(url),
    contentType: 'image/png',
  };
  const html = [
    '<div style="background:#fff;border-radius:8px;padding:16px;margin:16px 0 0;text-align:center">',
    `<p style="margin:0 0 8px">${escapeHtml(words)}</p>`,
    `<img src="cid:${cid}" alt="${escapeHtml(label)}" width="200" height="200" style="display:block;margin:0 auto;width:200px;height:200px">`,
    `<p style="margin:8px 0 0;word-break:break-all"><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`,
    '</div>',
  ].join('');
  return { html, image };
}

async function renderReceipt(
  facts: MailFacts,
  heading: string,
  subject: string,
  intro: string[] = [],
): Promise<RenderedMail> {
  const lines = receiptText(facts);
  const request =
    facts.kind === 'receipt' && facts.einvoiceRequestUrl !== undefined
      ? await linkBlock(
          'einvoice-request@pos',
          MAIL_TEXT.einvoiceRequest,
          facts.einvoiceRequestUrl,
          MAIL_TEXT.einvoiceRequestQr,
        )
      : undefined;
  return {
    subject,
    html: page(facts.storeName, heading, [
      ...intro.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`),
      receiptBlock(lines),
      ...(request === undefined ? [] : [request.html]),
    ]),
    text: [
      ...intro,
      ...(intro.length > 0 ? [''] : []),
      lines,
      ...(request === undefined || facts.einvoiceRequestUrl === undefined
        ? []
        : ['', MAIL_TEXT.einvoiceRequest, facts.einvoiceRequestUrl]),
    ].join('\n'),
    images: request === undefined ? [] : [request.image],
  };
}

/** The buyer's validated e-invoice: its number, totals and LHDN's validation link as a QR code, then the receipt. */
async function renderEinvoice(facts: MailFacts): Promise<RenderedMail> {
  const document = facts.einvoice;
  if (document === undefined) throw new Error('An e-invoice message without its e-invoice');
  const rows: [string, string][] = [
    [MAIL_TEXT.einvoiceNumber, document.number],
    [MAIL_TEXT.einvoiceTotal, formatRM(fromRinggit(document.payable))],
    [MAIL_TEXT.einvoiceTax, formatRM(fromRinggit(document.tax))],
    ...(document.uuid === null ? [] : ([[MAIL_TEXT.einvoiceUuid, document.uuid]] as [string, string][])),
  ];
  const table = `<table style="margin:0 0 12px;font-size:14px;border-collapse:collapse">${rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:2px 8px 2px 0;color:#52525b">${escapeHtml(label)}</td><td style="padding:2px 0;font-weight:600">${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>`;
  const link = document.validation_link;
  const block =
    link === null
      ? undefined
      : await linkBlock('einvoice-validation@pos', MAIL_TEXT.einvoiceValidation, link, MAIL_TEXT.einvoiceQr);
  const receipt = receiptText(facts);
  return {
    subject: einvoiceSubject(document.number, facts.storeName),
    html: page(facts.storeName, MAIL_TEXT.einvoiceHeading, [
      `<p style="margin:0 0 12px">${escapeHtml(MAIL_TEXT.einvoiceIntro)}</p>`,
      table,
      ...(block === undefined ? [] : [block.html]),
      `<div style="margin:16px 0 0">${receiptBlock(receipt)}</div>`,
    ]),
    text: [
      MAIL_TEXT.einvoiceIntro,
      '',
      ...rows.map(([label, value]) => `${label}: ${value}`),
      ...(link === null ? [] : ['', MAIL_TEXT.einvoiceValidation, link]),
      '',
      receipt,
    ].join('\n'),
    images: block === undefined ? [] : [block.image],
  };
}

/**
 * Renders one email from the order as it is now:
 *
 * - `receipt`: the printed receipt's lines (pos-sdk `renderDocument`), in HTML and as the plain-text part;
 * - `passes`: one block per ticket with its QR code (an inline PNG, `cid:`; the payload is the ticket id), the
 *   pass name, valid from and until, and the uses;
 * - `renewal`: the membership's new expiry, then the renewal's receipt;
 * - `refund`: the refunded amount and reason, then the receipt as it stands (status REFUNDED); for a refund by line
 *   (its `eventKey`), the refunded lines, the amount, the methods given back by and the reason.
 *
 * Every message has an HTML part sized for a phone and a plain-text part, with the store's name on top.
 */
export async function renderMail(facts: MailFacts): Promise<RenderedMail> {
  const { order, storeName, timeZone } = facts;
  const invoice = order.invoice?._id ?? order._id;
  switch (facts.kind) {
    case 'receipt':
      return renderReceipt(facts, MAIL_TEXT.receiptHeading, receiptSubject(invoice, storeName));
    case 'passes':
      return renderPasses(facts);
    case 'einvoice':
      return renderEinvoice(facts);
    case 'renewal': {
      const intro = facts.tickets.flatMap((ticket) =>
        passLines(ticket, timeZone)
          .filter(([label]) => label !== MAIL_TEXT.uses)
          .map(([label, value]) => `${label}: ${value}`),
      );
      return renderReceipt(facts, MAIL_TEXT.renewalHeading, renewalSubject(storeName), intro);
    }
    case 'refund': {
      const refund = order.refunds?.find((candidate) => facts.eventKey === `refund:${candidate._id}`);
      if (refund !== undefined) {
        const items = order.order_details.cart.items;
        const intro = [
          order.status === 'REFUNDED' ? MAIL_TEXT.refundIntro : MAIL_TEXT.partRefundIntro,
          ...refund.items.map((line) => {
            const item = items[line.line];
            const title =
              item === undefined ? line.sku : item.group ? `${item.name} - ${item.group}` : item.name;
            return `${MAIL_TEXT.refundedLabel}: ${line.quantity} x ${title} ${formatRM(fromRinggit(line.amount))}`;
          }),
          `${MAIL_TEXT.amountLabel}: ${formatRM(fromRinggit(refund.amount))}`,
          ...refund.tenders.map(
            (tender) => `${MAIL_TEXT.givenBackBy} ${tender.type}: ${formatRM(fromRinggit(tender.amount))}`,
          ),
          `${MAIL_TEXT.reasonLabel}: ${refund.reason}`,
        ];
        return renderReceipt(facts, MAIL_TEXT.refundHeading, refundSubject(invoice, storeName), intro);
      }
      const intro = [
        MAIL_TEXT.refundIntro,
        `${MAIL_TEXT.amountLabel}: ${formatRM(fromRinggit(order.total_amount))}`,
        ...(order.refund ? [`${MAIL_TEXT.reasonLabel}: ${order.refund.reason}`] : []),
      ];
      return renderReceipt(facts, MAIL_TEXT.refundHeading, refundSubject(invoice, storeName), intro);
    }
  }
}
