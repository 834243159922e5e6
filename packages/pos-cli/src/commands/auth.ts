import type { UserProfile } from 'pos-sdk/contract';
import { writeCliSettings } from '../context/CliSettings';
import type { CliContext } from '../context/createContext';
import { askWhenMissing } from '../prompts/askWhenMissing';
import { loginEmailQuestion, passwordQuestion } from '../prompts/questions';

/** Options of `pos login`. */
export interface LoginOptions {
  readonly email?: string;
  readonly password?: string;
  /** `--terminal ID`: read with the global options (it is `--host` by another name). */
  readonly terminal?: string;
}

/** 'Max Manager <manager@demo.pos>'. */
function describeProfile(profile: UserProfile): string {
  return `${`${profile.name.first} ${profile.name.last}`.trim()} <${profile.email}>`;
}

/**
 * `pos login`: signs in with the SDK's session (form rules, identity provider, admin_login) and
 * keeps the session in the session file (mode 0600), with the server, terminal and store used.
 * Email and password come from the flags, else POS_EMAIL / POS_PASSWORD, else a question on a terminal.
 * The terminal is `--terminal` / `--host` / `POS_HOST_ID`, else the one `pos pair` or the last login saved. The store
 * is the one the server registered that terminal for (admin_login says it), so later commands need no `--store`;
 * `--store` / `POS_STORE` overrides it.
 */
export async function login(ctx: CliContext, options: LoginOptions): Promise<void> {
  const email = await askWhenMissing(
    ctx,
    options.email ?? ctx.io.env.POS_EMAIL,
    '--email (or POS_EMAIL)',
    (prompts) => prompts.input(loginEmailQuestion()),
  );
  const password = await askWhenMissing(
    ctx,
    options.password ?? ctx.io.env.POS_PASSWORD,
    '--password (or POS_PASSWORD)',
    (prompts) => prompts.password(passwordQuestion()),
  );
  const profile = await ctx.pos.session.signIn(email, password);
  // The venue's settings head every receipt this computer prints; kept in the session file until the next login.
  await ctx.pos.venue.load().catch(() => undefined);
  // Ready for an outage: the offline policy and reserved pass numbers (docs/offline.md).
  await ctx.pos.sync?.prepare().catch(() => undefined);
  // The terminal's own store, unless this command line names one; a server that does not say keeps the one in use.
  const store = ctx.storeOverride ?? ctx.pos.session.terminal.value?.store ?? ctx.store;
  writeCliSettings(ctx.storage, {
    server: ctx.server,
    hostId: ctx.hostId,
    ...(store === undefined ? {} : { store }),
  });
  if (ctx.json) return ctx.printJson(profile);
  const where = store === undefined ? ctx.hostId : `${ctx.hostId} (store ${store})`;
  ctx.print(`Signed in as ${describeProfile(profile)} on ${where} at ${ctx.server}`);
}

/**
 * `pos logout`: ends the session on the server (the token stops working at once, everywhere) and forgets it on this
 * computer. The server, terminal and store stay: this computer is still the terminal it was paired as, and the next
 * `pos login` signs in there. When the server cannot be reached the session is forgotten all the same, and the
 * printed line says that the token ends only at its expiry.
 */
export async function logout(ctx: CliContext): Promise<void> {
  const wasSignedIn = ctx.pos.session.isSignedIn.value;
  const ended = await ctx.pos.session.signOut();
  if (ctx.json) return ctx.printJson({ signed_out: wasSignedIn, revoked: wasSignedIn && ended });
  if (!wasSignedIn) return ctx.print('Not signed in');
  ctx.print(
    ended
      ? 'Signed out'
      : 'Signed out on this computer; the server could not be reached, so the token ends only at its expiry',
  );
}

/**
 * `pos whoami`: who is signed in, where. Asks the server (the users list) so an expired or
 * revoked token is found out now (exit 3) rather than in the middle of an operation.
 */
export async function whoami(ctx: CliContext): Promise<void> {
  const pos = ctx.signedIn();
  await pos.api.users();
  const profile = pos.session.userProfile.value;
  if (ctx.json) return ctx.printJson(profile);
  ctx.print(profile ? describeProfile(profile) : (pos.session.email.value ?? 'Signed in'));
  ctx.print(
    `Terminal ${ctx.hostId}${ctx.store === undefined ? '' : ` (store ${ctx.store})`} at ${ctx.server}`,
  );
}
