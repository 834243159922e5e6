import { createHash, randomBytes } from 'node:crypto';

/**
 * A new random 256-bit bearer token (base64url, 43 characters). Only its {@link hashToken} is stored.
 */
export function createOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** sha256 hex of a token: what the database stores and looks up (a leaked table reveals no usable token). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
