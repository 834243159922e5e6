/**
 * The back office's texts (staff, catalogue, venue settings): one place for the server, the SDK and the CLI.
 * A sibling of `messages.ts`, for the texts the specification does not have (its terminal has no back office).
 */
export const BACK_OFFICE_MESSAGES = {
  managerOnly: 'Only a manager can do this: ask a manager to sign in',
  cannotDisableSelf: 'You cannot disable your own account',
  cannotDemoteSelf: 'You cannot take the manager role from your own account',
  lastManager: 'The venue needs at least one active manager',
  timeZoneWhileShiftOpen: 'The time zone cannot change while a shift is open: end every open shift first',
  blindCount:
    "This venue counts the takings blind: the shift's figures show after Close Shift (managers see them any time)",
  importNothing: 'The file has no catalogue rows',
  importRefused: (issues: readonly { line: number; message: string }[]) =>
    `The file was not imported, nothing was changed: ${issues
      .slice(0, 20)
      .map((issue) => `line ${issue.line}: ${issue.message}`)
      .join('; ')}${issues.length > 20 ? `; and ${issues.length - 20} more bad row(s)` : ''}`,
  staffNotFound: (email: string) => `No staff member with email ${email}`,
  staffEmailTaken: (email: string) => `A staff member with email ${email} already exists`,
  skuTaken: (sku: string) => `The SKU ${sku} is already in the catalogue`,
  /** SKUs ignore case: adding `tee-1` beside `TEE-1` would make two items a scan cannot tell apart. */
  skuTakenInOtherCase: (sku: string, taken: string) =>
    `The SKU ${sku} is already in the catalogue as ${taken} (SKUs ignore upper and lower case)`,
  skuNotFound: (sku: string) => `No catalogue item with SKU ${sku}`,
  productNotFound: (name: string) => `No product named ${name}`,
  fieldNotForType: (field: string, type: string) => `${field} does not apply to ${type.toLowerCase()} items`,
  productTypeClash: (name: string) => `${name} is already a product of the other type (pass or merchandise)`,
  duplicateSku: (sku: string, line: number) => `SKU ${sku} is also on line ${line}`,
} as const;
