import type * as z from 'zod/mini';
import { PosError } from '../errors/PosError';
import { toFieldIssues } from '../errors/toPosError';

/**
 * Reads a successful JSON answer and parses it with the contract's schema. Unknown fields are
 * dropped; an answer that is not JSON, or not the contract's shape, is a `PosError` with code `contract_mismatch`
 * naming the call (and, in `details`, the fields that did not match), never a crash further on.
 *
 * @param where the call, for the message: `POST /v1/checkout`.
 */
export async function readAnswer<S extends z.ZodMiniType>(
  response: Response,
  schema: S,
  where: string,
): Promise<z.output<S>> {
  const text = await response.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new PosError('contract_mismatch', `The server's answer to ${where} is not JSON`, {
      status: response.status,
      cause: error,
    });
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const details = toFieldIssues(parsed.error.issues);
  const first = details[0];
  const mismatch = first === undefined ? '' : `: ${first.path || '(answer)'}: ${first.message}`;
  throw new PosError(
    'contract_mismatch',
    `The server's answer to ${where} does not match the contract${mismatch}`,
    {
      status: response.status,
      details,
      cause: parsed.error,
    },
  );
}
