/**
 * The texts every client shows for the same thing, written once: an item's title, a person's name and a pass's
 * uses. The receipt, the CLI, the cashier UI, the server's mail and export all call these (the discount note is
 * `discountNote`, beside them).
 */

/** A person's first and last name, in any of the shapes the product holds them. */
export type NameParts = { first: string; last: string } | { first_name: string; last_name: string };

/** A person's display name: 'Ana Cashier' (first and last name, no stray spaces when one is empty). */
export function personName(name: NameParts): string {
  const [first, last] = 'first' in name ? [name.first, name.last] : [name.first_name, name.last_name];
  return `${first.trim()} ${last.trim()}`.trim();
}

/** Does the name already say the group, as a word of its own ('Adult Day Pass' says 'Adult'; 'Grip Socks' not 'S')? */
function namesGroup(name: string, group: string): boolean {
  return name.match(/[\p{L}\p{N}]+/gu)?.includes(group) === true;
}

/**
 * An item's title: its name, then its pass group or merchandise size unless the name says it as a word of its
 * own, as the cart shows it (docs/ui.md): 'Day Pass - Adult', 'Grip Socks - S', 'Adult Day Pass'.
 */
export function itemTitle(item: { name: string; group?: string | null | undefined }): string {
  const group = item.group?.trim();
  return group && !namesGroup(item.name, group) ? `${item.name} - ${group}` : item.name;
}

/**
 * How many uses a pass allows: its `usage_limit`, and one for `usage_limit` 0 (the spec's reading, section 4: a
 * ticket with usage_limit 0 is Fully Used after any use), which a membership reads per venue day: one entry a day
 * unless its `entries_per_day` says more (`deriveTicketStatus`).
 */
export function usesAllowed(usageLimit: number): number {
  return usageLimit > 0 ? usageLimit : 1;
}

/** A membership's entries per venue day in words: '1 entry a day', '2 entries a day' (the CLI's catalogue). */
export function entriesPerDayText(entries: number): string {
  return `${entries} ${entries === 1 ? 'entry' : 'entries'} a day`;
}

/**
 * A pass's uses against what it allows: '0 / 1', '3 / 10' (the same on the ticket dialog, the CLI and the mail); a
 * membership's (usage_limit 0) uses alone, '12': it has no limit in all, only per venue day (`passEntriesToday`).
 */
export function passUses(used: number, usageLimit: number): string {
  return usageLimit === 0 ? String(used) : `${used} / ${usesAllowed(usageLimit)}`;
}
