import { z } from 'zod';
import { MESSAGES } from '../rules/messages';
import { EmailSchema, IdSchema, PersonNameSchema } from './primitives';

/** POST /v1/identity/sign_in: the reference identity provider. */
export const SignInRequestSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, 'must not be empty').max(200),
});
export type SignInRequest = z.infer<typeof SignInRequestSchema>;

/** The identity provider's result, exchanged for a user token by admin_login. */
export const SignInResponseSchema = z.object({ idToken: z.string(), email: z.string() });
export type SignInResponse = z.infer<typeof SignInResponseSchema>;

/** POST /v1/admin_login: the authentication result. */
export const AdminLoginRequestSchema = z.object({ idToken: z.string().min(1).max(500) });
export type AdminLoginRequest = z.infer<typeof AdminLoginRequestSchema>;

/** The signed-in staff member's profile. */
export const UserProfileSchema = z.object({ _id: z.string(), email: z.string(), name: PersonNameSchema });
export type UserProfile = z.infer<typeof UserProfileSchema>;

/**
 * Answer of admin_login: the bearer token for every other call, the profile, and the terminal signed in on with the
 * store it sells for (from the terminal's registration: a client that was told no store uses this one).
 */
export const AdminLoginResponseSchema = z.object({
  userToken: z.string(),
  profile: UserProfileSchema,
  terminal: z.object({ _id: z.string(), store: z.string() }).optional(),
});
export type AdminLoginResponse = z.infer<typeof AdminLoginResponseSchema>;

/** Answer of admin_logout: the user token the call carried is revoked on the server. */
export const SignOutResponseSchema = z.object({ signed_out: z.literal(true) });
export type SignOutResponse = z.infer<typeof SignOutResponseSchema>;

/** An entry of the users list (discount approvers). */
export const UserEntrySchema = z.object({
  _id: z.string(),
  name: PersonNameSchema,
  /** Added to the spec's shape so scripts can name an approver by email (`pos sell --approver`). */
  email: z.string().optional(),
});
export type UserEntry = z.infer<typeof UserEntrySchema>;
export const UsersResponseSchema = z.array(UserEntrySchema);

/** POST /v1/admin/verify_pin: an approver (a user `_id`) and their PIN. */
export const VerifyPinRequestSchema = z.object({
  approver: IdSchema,
  pin: z.string().regex(/^\d{1,12}$/, MESSAGES.onlyNumbers),
});
export type VerifyPinRequest = z.infer<typeof VerifyPinRequestSchema>;

/** A verified PIN: `approval` is a short-lived, single-use token the discounted cart item carries. */
export const VerifyPinResponseSchema = z.object({
  verified: z.literal(true),
  approval: z.string(),
  expires_at: z.string().optional(),
});
export type VerifyPinResponse = z.infer<typeof VerifyPinResponseSchema>;
