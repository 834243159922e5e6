import type { confirm, input, password, select } from '@inquirer/prompts';

/** The options of a text question (@inquirer/prompts `input`). */
export type InputQuestion = Parameters<typeof input>[0];
/** The options of a hidden question (@inquirer/prompts `password`). */
export type PasswordQuestion = Parameters<typeof password>[0];
/** The options of a yes/no question (@inquirer/prompts `confirm`). */
export type ConfirmQuestion = Parameters<typeof confirm>[0];
/** The options of a choice (@inquirer/prompts `select`). */
export type SelectQuestion<Value> = Parameters<typeof select<Value>>[0];

/**
 * The questions the CLI asks on a terminal. The real ones are @inquirer/prompts, loaded only when a
 * command needs to ask; tests drive the same question options through @inquirer/testing.
 */
export interface Prompts {
  input(question: InputQuestion): Promise<string>;
  password(question: PasswordQuestion): Promise<string>;
  confirm(question: ConfirmQuestion): Promise<boolean>;
  select<Value>(question: SelectQuestion<Value>): Promise<Value>;
}
