import * as z from 'zod/mini';
import { MESSAGES } from '../rules/messages';
import { defineSchema } from './defineSchema';
import { EmailSchema, IdSchema, PersonNameSchema } from './primitives';

/** POST /v1/identity/sign_in: the reference identity provider. */
export const SignInRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    email: EmailSchema,
    password: z.string().check(z.minLength(1, 'must not be empty'), z.maxLength(200)),
  }),
);
/** The body of POST /v1/identity/sign_in: `{ email, password }`. */
export type SignInRequest = z.infer<typeof SignInRequestSchema>;

/** The identity provider's result, exchanged for a user token by admin_login. */
export const SignInResponseSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ idToken: z.string(), email: z.string() }),
);
/** The answer of POST /v1/identity/sign_in: the `idToken` for admin_login, and the email. */
export type SignInResponse = z.infer<typeof SignInResponseSchema>;

/** POST /v1/admin_login: the authentication result. */
export const AdminLoginRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    idToken: z.string().check(z.minLength(1), z.maxLength(500)),
  }),
);
/** The body of POST /v1/admin_login: the identity provider's `idToken`. */
export type AdminLoginRequest = z.infer<typeof AdminLoginRequestSchema>;

/** The signed-in staff member's profile. */
export const UserProfileSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ _id: z.string(), email: z.string(), name: PersonNameSchema }),
);
/** The signed-in staff member's profile on the wire: `_id`, email and name. */
export type UserProfile = z.infer<typeof UserProfileSchema>;

/**
 * Answer of admin_login: the bearer token for every other call, the profile, and the terminal signed in on with the
 * store it sells for (from the terminal's registration: a client that was told no store uses this one).
 */
export const AdminLoginResponseSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    userToken: z.string(),
    profile: UserProfileSchema,
    terminal: z.optional(z.object({ _id: z.string(), store: z.string() })),
  }),
);
/** The answer of POST /v1/admin_login: the user token, the profile and the terminal with its store. */
export type AdminLoginResponse = z.infer<typeof AdminLoginResponseSchema>;

/** Answer of admin_logout: the user token the call carried is revoked on the server. */
export const SignOutResponseSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ signed_out: z.literal(true) }),
);
/** The answer of POST /v1/admin_logout: `{ signed_out: true }`. */
export type SignOutResponse = z.infer<typeof SignOutResponseSchema>;

/** An entry of the users list (discount approvers). */
export const UserEntrySchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    _id: z.string(),
    name: PersonNameSchema,
    /** Added to the spec's shape so scripts can name an approver by email (`pos sell --approver`). */
    email: z.optional(z.string()),
  }),
);
/** One entry of the users list on the wire: a discount approver's `_id`, name and email. */
export type UserEntry = z.infer<typeof UserEntrySchema>;
/** The answer of POST /v1/admin/users: the discount approvers. */
export const UsersResponseSchema = /* @__PURE__ */ defineSchema(() => z.array(UserEntrySchema));

/** POST /v1/admin/verify_pin: an approver (a user `_id`) and their PIN. */
export const VerifyPinRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    approver: IdSchema,
    pin: z.string().check(z.regex(/^\d{1,12}$/, MESSAGES.onlyNumbers)),
  }),
);
/** The body of POST /v1/admin/verify_pin: the approver's `_id` and PIN. */
export type VerifyPinRequest = z.infer<typeof VerifyPinRequestSchema>;

/** A verified PIN: `approval` is a short-lived, single-use token the discounted cart item carries. */
export const VerifyPinResponseSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    verified: z.literal(true),
    approval: z.string(),
    expires_at: z.optional(z.string()),
  }),
);
/** The answer of POST /v1/admin/verify_pin: the single-use `approval` token and when it expires. */
export type VerifyPinResponse = z.infer<typeof VerifyPinResponseSchema>;
