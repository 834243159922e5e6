import { readFile } from 'node:fs/promises';
import type { Pos } from 'pos-sdk';
import type { Ticket } from 'pos-sdk/contract';
import type { CliContext } from '../context/createContext';
import { UsageError } from '../errors/UsageError';
import { renderTicket, ticketWithStatus } from '../output/renderTicket';
import { askWhenMissing } from '../prompts/askWhenMissing';
import { passIdQuestion } from '../prompts/questions';

/** Options of `pos ticket face`. */
export interface TicketFaceOptions {
  /** A JPEG of the face (at most 2 MB). */
  readonly file?: string;
}

/** Prints the current ticket: JSON with `display_status`, or the detail view. */
function printTicket(ctx: CliContext, pos: Pos, ticket: Ticket): void {
  const status = pos.tickets.status.value ?? ticket.display_status ?? 'Inactive';
  if (ctx.json) ctx.printJson(ticketWithStatus(ticket, status));
  else ctx.print(renderTicket(ctx, ticket, status, pos.tickets.canRedeem.value, pos.config.clock()));
}

/** The pass id from the command line, else 'Scan Pass' on a terminal. */
function passId(ctx: CliContext, id: string | undefined): Promise<string> {
  return askWhenMissing(ctx, id, 'ID', (prompts) => prompts.input(passIdQuestion()));
}

/** `pos ticket show ID`: the ticket with its derived status (Canceled, Expired, Fully Used, Active, Inactive). */
export async function ticketShow(ctx: CliContext, id: string | undefined): Promise<void> {
  const pos = ctx.signedIn();
  const ticket = await pos.tickets.get(await passId(ctx, id));
  printTicket(ctx, pos, ticket);
}

/**
 * `pos ticket redeem ID`: redeems one use when the ticket is Active and allows redemption (the
 * SDK refuses otherwise with 'Ticket is {status}': exit 1). 'Ticket redemption successful'.
 */
export async function ticketRedeem(ctx: CliContext, id: string | undefined): Promise<void> {
  const pos = ctx.signedIn();
  await pos.tickets.get(await passId(ctx, id));
  const ticket = await pos.tickets.redeem();
  printTicket(ctx, pos, ticket);
}

/**
 * `pos ticket face ID --file photo.jpg`: registers the face photo (a non-shareable ticket already
 * used registers without one). 'Photo successfully registered'.
 */
export async function ticketFace(ctx: CliContext, id: string, options: TicketFaceOptions): Promise<void> {
  const pos = ctx.signedIn();
  let photo: Uint8Array | undefined;
  if (options.file !== undefined) {
    try {
      photo = new Uint8Array(await readFile(options.file));
    } catch (error) {
      throw new UsageError(
        `--file ${options.file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : 'cannot be read'}`,
      );
    }
  }
  await pos.tickets.get(id);
  const ticket = await pos.tickets.registerFace(photo);
  printTicket(ctx, pos, ticket);
}
