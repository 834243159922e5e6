import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;
const PARAMS = { N: 16384, r: 8, p: 1 } as const;

const derive = (secret: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    scrypt(
      secret.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...options, maxmem: 64 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });

/**
 * Hashes a password or PIN with scrypt and a random 16-byte salt.
 *
 * @returns `scrypt$N$r$p$<salt base64>$<hash base64>`, self-describing so parameters can change later.
 * @example const stored = await hashSecret('demo1234');
 */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(secret, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/**
 * Checks a password or PIN against a {@link hashSecret} result, comparing in constant time.
 *
 * @returns false for a wrong secret or a malformed stored hash.
 */
export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || saltText === undefined || keyText === undefined) return false;
  const expected = Buffer.from(keyText, 'base64');
  try {
    const key = await derive(secret, Buffer.from(saltText, 'base64'), {
      N: Number(n),
      r: Number(r),
      p: Number(p),
    });
    return key.length === expected.length && timingSafeEqual(key, expected);
  } catch {
    return false;
  }
}

/** A hash of a secret nobody knows: verified against when the account does not exist, so timing reveals nothing. */
export const UNKNOWN_ACCOUNT_HASH = `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${randomBytes(16).toString('base64')}$${randomBytes(KEY_LENGTH).toString('base64')}`;
