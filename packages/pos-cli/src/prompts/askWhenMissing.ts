import type { CliContext } from '../context/createContext';
import { UsageError } from '../errors/UsageError';
import type { Prompts } from './Prompts';

/**
 * The value given on the command line, or, on a terminal, the answer to a question. Without a
 * terminal a missing value is a usage error naming the flag: scripts never wait for an answer.
 *
 * @example const reason = await askWhenMissing(ctx, options.reason, '--reason', (p) => p.input(refundReasonQuestion()));
 */
export async function askWhenMissing<T>(
  ctx: CliContext,
  value: T | undefined,
  name: string,
  ask: (prompts: Prompts) => Promise<T>,
): Promise<T> {
  if (value !== undefined) return value;
  if (!ctx.interactive) throw new UsageError(`missing ${name} (not a terminal, so it cannot be asked for)`);
  return ask(await ctx.prompts());
}
