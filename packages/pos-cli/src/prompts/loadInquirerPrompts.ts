import type { Prompts } from './Prompts';

/**
 * The real prompts, @inquirer/prompts loaded on first use (start-up stays fast). With `output`
 * the questions are drawn there (stderr under `--json`, so stdout stays pure JSON).
 */
export async function loadInquirerPrompts(output?: NodeJS.WritableStream): Promise<Prompts> {
  const inquirer = await import('@inquirer/prompts');
  const context = output === undefined ? undefined : { output };
  return {
    input: (question) => inquirer.input(question, context),
    password: (question) => inquirer.password(question, context),
    confirm: (question) => inquirer.confirm(question, context),
    select: (question) => inquirer.select(question, context),
  };
}
