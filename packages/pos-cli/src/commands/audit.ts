import type { AuditEntry } from 'pos-sdk/contract';
import { formatRM, fromRinggit } from 'pos-sdk/money';
import type { CliContext } from '../context/createContext';
import { parsePageLimit } from '../input/parsePageLimit';
import { parseVenuePeriod } from '../input/parseVenuePeriod';
import { renderTable } from '../output/renderTable';

/** Options of `pos audit`. */
export interface AuditOptions {
  readonly from?: string;
  readonly to?: string;
  readonly action?: string;
  readonly staff?: string;
  readonly limit?: string;
  readonly cursor?: string;
  /** Every page, one after the other. */
  readonly all?: boolean;
}

function row(ctx: CliContext, entry: AuditEntry): string[] {
  return [
    ctx.formatDate(entry.at),
    entry.staff?.name || entry.staff?.email || '-',
    entry.terminal ?? '-',
    entry.action,
    entry.subject === null ? '' : `${entry.subject.type} ${entry.subject.id}`,
    entry.amount === null ? '' : formatRM(fromRinggit(entry.amount)),
  ];
}

/**
 * `pos audit`: the audit log (who, when, terminal, action, amount) of a period of venue days (default today),
 * newest first, filtered by action (`order.refunded`, or a group such as `order`) and staff email; a page at a
 * time (`--cursor` from the last line), or `--all` pages.
 */
export async function audit(ctx: CliContext, options: AuditOptions): Promise<void> {
  const pos = ctx.signedIn();
  const period = parseVenuePeriod(options, ctx.timeZone, pos.config.clock());
  const limit = parsePageLimit(options.limit, 50);
  const entries: AuditEntry[] = [];
  let cursor = options.cursor;
  let next: string | null = null;
  do {
    const page = await pos.api.auditList({
      from: period.from.toISOString(),
      to: period.to.toISOString(),
      limit,
      ...(options.action === undefined ? {} : { action: options.action }),
      ...(options.staff === undefined ? {} : { staff: options.staff }),
      ...(cursor === undefined ? {} : { cursor }),
    });
    entries.push(...page.entries);
    next = page.next_cursor;
    cursor = next ?? undefined;
  } while (options.all === true && next !== null);
  if (ctx.json)
    return ctx.printJson(
      options.all === true ? { entries, next_cursor: null } : { entries, next_cursor: next },
    );
  if (entries.length === 0) return ctx.print('No audit entries');
  ctx.print(
    renderTable(
      ['WHEN', 'WHO', 'TERMINAL', 'ACTION', 'SUBJECT', 'AMOUNT'],
      entries.map((entry) => row(ctx, entry)),
      {
        color: ctx.color,
        align: ['left', 'left', 'left', 'left', 'left', 'right'],
      },
    ),
  );
  ctx.print(
    next === null
      ? `${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}`
      : `More: pos audit --cursor ${next}`,
  );
}
