/** One entry of a MyInvois code table: the code LHDN publishes and its description, as published. */
export interface CodeEntry<Code extends string = string> {
  readonly code: Code;
  readonly description: string;
}

/**
 * A MyInvois code table kept in the repository: the entries we use (or all of them, for short tables) and where
 * they were copied from, so that a reviewer can check them against the published list.
 */
export interface CodeTable<Code extends string = string> {
  /** The page (or the JSON file behind it) the entries were copied from. */
  readonly source: string;
  /** Whether every entry of the published table is here, or only the subset this system uses. */
  readonly complete: boolean;
  readonly entries: readonly CodeEntry<Code>[];
}

/** Whether `code` is one of the table's entries. */
export function isCodeOf<Code extends string>(table: CodeTable<Code>, code: string): code is Code {
  return table.entries.some((entry) => entry.code === code);
}

/** The description of `code` in the table, undefined when the table does not have it. */
export function describeCode(table: CodeTable, code: string): string | undefined {
  return table.entries.find((entry) => entry.code === code)?.description;
}
