import type { FastifyInstance } from 'fastify';
import type * as z from 'zod/mini';

const isZodSchema = (schema: unknown): schema is z.ZodMiniType =>
  typeof schema === 'object' && schema !== null && typeof (schema as z.ZodMiniType).safeParse === 'function';

/**
 * Makes Fastify validate route schemas with zod (the contract's schemas) instead of JSON Schema.
 *
 * - Bodies: parsed with the schema; a missing body counts as `{}` ("every POST may send {}"). A failure is the
 *   ZodError itself, which the error handler answers as 400 with the wrong fields.
 * - Responses: serialised with JSON.stringify; with `checkResponses` (tests) they are first checked against the
 *   schema, so a server that drifts from the contract fails loudly.
 */
export function useZodCompilers(app: FastifyInstance, options: { checkResponses: boolean }): void {
  app.setValidatorCompiler(({ schema, httpPart }) => (data: unknown) => {
    if (!isZodSchema(schema)) return { value: data };
    const result = schema.safeParse(httpPart === 'body' ? (data ?? {}) : data);
    return result.success ? { value: result.data } : { error: result.error };
  });
  app.setSerializerCompiler(({ schema, url }) => (data: unknown) => {
    if (options.checkResponses && isZodSchema(schema)) {
      const result = schema.safeParse(data);
      if (!result.success) {
        // Not a ZodError: that would read as the client's bad input (400). This is the server's fault.
        throw new Error(`Response of ${url} breaks the contract: ${JSON.stringify(result.error.issues)}`);
      }
    }
    return JSON.stringify(data);
  });
}
