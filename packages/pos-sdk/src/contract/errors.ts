import * as z from 'zod/mini';
import { defineSchema } from './defineSchema';

/** Error codes of the wire, with the HTTP status each one is sent with (docs/api.md, Errors). */
export const WIRE_ERROR_STATUS = {
  invalid_request: 400,
  invalid_credentials: 401,
  forbidden: 403,
  not_permitted: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rule: 422,
  locked: 429,
  server_error: 500,
} as const;

/** One of the wire's error codes. */
export type WireErrorCode = keyof typeof WIRE_ERROR_STATUS;

/** The body of every error answer: `{ message, code, details? }`. */
export const ErrorBodySchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    message: z.string(),
    code: z.string(),
    details: z.optional(z.unknown()),
  }),
);
/** The body of every error answer on the wire: `{ message, code, details? }`. */
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** `details` of a 400: which fields are wrong and why. */
export const FieldIssueSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ path: z.string(), message: z.string() }),
);
/** One wrong field in the `details` of a 400 on the wire: its dotted `path` and the `message`. */
export type FieldIssue = z.infer<typeof FieldIssueSchema>;

/** `details` of a 400: the wrong fields. */
export const FieldIssuesSchema = /* @__PURE__ */ defineSchema(() => z.array(FieldIssueSchema));
