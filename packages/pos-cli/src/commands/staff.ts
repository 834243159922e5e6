import type { StaffMember, StaffRole } from 'pos-sdk/contract';
import { canApproveDiscounts } from 'pos-sdk/rules';
import type { CliContext } from '../context/createContext';
import { UsageError } from '../errors/UsageError';
import { renderTable } from '../output/renderTable';

/** Options of `pos staff add`. */
export interface StaffAddOptions {
  readonly email?: string;
  readonly first?: string;
  readonly last?: string;
  readonly role?: string;
  /** Read the password (first line) and the PIN (second line) from standard input. */
  readonly passwordStdin?: boolean;
}

/** Options of `pos staff edit`. */
export interface StaffEditOptions {
  readonly email?: string;
  readonly first?: string;
  readonly last?: string;
  readonly role?: string;
}

/** Options of `pos staff reset-password` and `reset-pin`. */
export interface SecretOptions {
  readonly passwordStdin?: boolean;
  readonly pinStdin?: boolean;
}

function roleOf(text: string | undefined): StaffRole | undefined {
  if (text === undefined) return undefined;
  const role = text.trim().toLowerCase();
  if (role !== 'staff' && role !== 'manager') throw new UsageError('--role must be staff or manager');
  return role;
}

/** The lines of standard input (a password, then a PIN), without their line ends. */
async function stdinLines(ctx: CliContext, count: number, what: string): Promise<string[]> {
  const lines = (await ctx.io.readStdin()).split(/\r?\n/).slice(0, count);
  if (lines.length < count || lines.some((line) => line === '')) {
    throw new UsageError(`standard input must hold ${what}, one per line`);
  }
  return lines;
}

/** A secret: from standard input, else asked without echo on a terminal, else a usage error (no prompt in scripts). */
async function secret(
  ctx: CliContext,
  fromStdin: string | undefined,
  question: string,
  flag: string,
): Promise<string> {
  if (fromStdin !== undefined) return fromStdin;
  if (!ctx.interactive) throw new UsageError(`missing ${flag} (not a terminal, so it cannot be asked for)`);
  const prompts = await ctx.prompts();
  return prompts.password({ message: question, mask: '*' });
}

/** The rights `pos staff grant` and `revoke` know, by the name typed (`approve-discounts` reads as well). */
const RIGHTS = {
  approve_discounts: 'approve_discounts',
  'approve-discounts': 'approve_discounts',
  hold_memberships: 'hold_memberships',
  'hold-memberships': 'hold_memberships',
} as const;

/** What each right lets a staff member do, for the command's answer. */
const RIGHT_WORDS = { approve_discounts: 'approve discounts', hold_memberships: 'hold memberships' } as const;

function describe(member: StaffMember): string {
  const name = `${member.name.first} ${member.name.last}`.trim();
  const approves = member.role !== 'manager' && member.approve_discounts ? ', approves discounts' : '';
  const holds = member.role !== 'manager' && member.hold_memberships === true ? ', holds memberships' : '';
  return `${name} <${member.email}> (${member.role}${approves}${holds}${member.active ? '' : ', disabled'})`;
}

function printMember(ctx: CliContext, member: StaffMember, what: string): void {
  if (ctx.json) {
    ctx.printJson(member);
    return;
  }
  ctx.print(`${what}: ${describe(member)}`);
}

/** `pos staff list`: every staff member with role and status. */
export async function staffList(ctx: CliContext): Promise<void> {
  const staff = await ctx.signedIn().api.staffList();
  if (ctx.json) return ctx.printJson(staff);
  ctx.print(
    renderTable(
      ['EMAIL', 'NAME', 'ROLE', 'APPROVES DISCOUNTS', 'STATUS'],
      staff.map((member) => [
        member.email,
        `${member.name.first} ${member.name.last}`.trim(),
        member.role,
        canApproveDiscounts(member) ? 'yes' : 'no',
        member.active ? 'active' : 'disabled',
      ]),
      { color: ctx.color },
    ),
  );
}

/** `pos staff add`: a new member; password and PIN asked without echo, or read from stdin with `--password-stdin`. */
export async function staffAdd(ctx: CliContext, options: StaffAddOptions): Promise<void> {
  if (options.email === undefined) throw new UsageError('missing --email');
  if (options.first === undefined) throw new UsageError('missing --first');
  const role = roleOf(options.role) ?? 'staff';
  const [passwordLine, pinLine] = options.passwordStdin
    ? await stdinLines(ctx, 2, 'the password and the PIN')
    : [undefined, undefined];
  const password = await secret(ctx, passwordLine, 'Password (at least 8 characters):', '--password-stdin');
  const pin = await secret(ctx, pinLine, 'PIN (4 to 12 digits):', '--password-stdin');
  const member = await ctx.signedIn().api.staffAdd({
    email: options.email,
    first: options.first,
    last: options.last ?? '',
    role,
    password,
    pin,
  });
  printMember(ctx, member, 'Added');
}

/** `pos staff edit EMAIL`: name, email or role. */
export async function staffEdit(ctx: CliContext, email: string, options: StaffEditOptions): Promise<void> {
  const role = roleOf(options.role);
  const changes = {
    ...(options.email === undefined ? {} : { email: options.email }),
    ...(options.first === undefined ? {} : { first: options.first }),
    ...(options.last === undefined ? {} : { last: options.last }),
    ...(role === undefined ? {} : { role }),
  };
  if (Object.keys(changes).length === 0)
    throw new UsageError('nothing to change: give --email, --first, --last or --role');
  printMember(ctx, await ctx.signedIn().api.staffEdit({ email, changes }), 'Updated');
}

/** `pos staff disable|enable EMAIL`: a disabled member's tokens stop working at once. */
export async function staffSetActive(ctx: CliContext, email: string, active: boolean): Promise<void> {
  printMember(
    ctx,
    await ctx.signedIn().api.staffSetActive({ email, active }),
    active ? 'Enabled' : 'Disabled',
  );
}

/**
 * `pos staff grant|revoke EMAIL approve_discounts`: a staff member may approve discounts with their PIN once granted
 * (managers always may); revoking takes effect at their next approval, and at the sale of one given before.
 */
export async function staffSetRight(
  ctx: CliContext,
  email: string,
  right: string,
  granted: boolean,
): Promise<void> {
  const known = Object.hasOwn(RIGHTS, right) ? RIGHTS[right as keyof typeof RIGHTS] : undefined;
  if (known === undefined) {
    throw new UsageError(`unknown right "${right}": the rights are approve_discounts and hold_memberships`);
  }
  const member = await ctx.signedIn().api.staffEdit({ email, changes: { [known]: granted } });
  if (ctx.json) return ctx.printJson(member);
  const name = `${member.name.first} ${member.name.last}`.trim();
  const words = RIGHT_WORDS[known];
  if (member.role === 'manager') {
    ctx.print(`${name} <${member.email}> is a manager: managers ${words} whatever their rights`);
  } else {
    ctx.print(
      granted
        ? `${name} <${member.email}> may now ${words}`
        : `${name} <${member.email}> may no longer ${words}`,
    );
  }
}

/** `pos staff reset-password EMAIL`: asked without echo, or the first line of stdin with `--password-stdin`. */
export async function staffResetPassword(
  ctx: CliContext,
  email: string,
  options: SecretOptions,
): Promise<void> {
  const [line] = options.passwordStdin ? await stdinLines(ctx, 1, 'the password') : [undefined];
  const password = await secret(ctx, line, 'New password (at least 8 characters):', '--password-stdin');
  printMember(ctx, await ctx.signedIn().api.staffResetPassword({ email, password }), 'Password reset');
}

/** `pos staff reset-pin EMAIL`: asked without echo, or the first line of stdin with `--pin-stdin`. */
export async function staffResetPin(ctx: CliContext, email: string, options: SecretOptions): Promise<void> {
  const [line] =
    options.pinStdin || options.passwordStdin ? await stdinLines(ctx, 1, 'the PIN') : [undefined];
  const pin = await secret(ctx, line, 'New PIN (4 to 12 digits):', '--pin-stdin');
  printMember(ctx, await ctx.signedIn().api.staffResetPin({ email, pin }), 'PIN reset');
}
