import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';

/** The key and certificate that sign e-invoices: the venue's digital certificate from a Malaysian CA. */
export interface SigningCredentials {
  privateKey: KeyObject;
  certificate: X509Certificate;
}

/** The PEM texts of the key and certificate, and the key's passphrase when it is encrypted. */
export interface PemCredentials {
  /** A PKCS#8 or PKCS#1 private key, possibly encrypted ("ENCRYPTED PRIVATE KEY"). */
  keyPem: string | Buffer;
  /** The X.509 certificate the key belongs to. */
  certificatePem: string | Buffer;
  passphrase?: string;
}

/** The signing key or certificate cannot be used: wrong passphrase, not RSA, not the certificate's key, a PKCS#12 file. */
export class SigningCredentialsError extends Error {
  override readonly name = 'SigningCredentialsError';
}

/**
 * Loads the key and certificate that sign e-invoices from PEM. node:crypto reads PEM (and DER) keys and
 * certificates but has no PKCS#12 reader, so a `.p12`/`.pfx` file from the CA is converted once with OpenSSL:
 * `openssl pkcs12 -in cert.p12 -nocerts -out key.pem` (keeps the key encrypted under a passphrase) and
 * `openssl pkcs12 -in cert.p12 -clcerts -nokeys -out cert.pem`.
 *
 * MyInvois signs with RSA-SHA256 (https://sdk.myinvois.hasil.gov.my/signature-creation/), so the key must be RSA, and
 * it must be the certificate's own key.
 *
 * @throws SigningCredentialsError when the key cannot be read (a wrong or missing passphrase), is not RSA, or does
 *   not belong to the certificate.
 */
export function loadSigningCredentials(pem: PemCredentials): SigningCredentials {
  const text = (value: string | Buffer) => (typeof value === 'string' ? value : value.toString('utf8'));
  if (!/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(text(pem.keyPem))) {
    throw new SigningCredentialsError(
      'The signing key is not a PEM private key (a PKCS#12 file must be converted to PEM with openssl pkcs12 first)',
    );
  }
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey({ key: pem.keyPem, format: 'pem', passphrase: pem.passphrase });
  } catch (error) {
    throw new SigningCredentialsError(
      `The signing key cannot be read (is the passphrase right?): ${(error as Error).message}`,
    );
  }
  if (privateKey.asymmetricKeyType !== 'rsa') {
    throw new SigningCredentialsError(`MyInvois signs with RSA; this key is ${privateKey.asymmetricKeyType}`);
  }
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(pem.certificatePem);
  } catch (error) {
    throw new SigningCredentialsError(`The signing certificate cannot be read: ${(error as Error).message}`);
  }
  if (!certificate.checkPrivateKey(privateKey)) {
    throw new SigningCredentialsError("The signing key is not the certificate's key");
  }
  return { privateKey, certificate };
}

/** The settings naming the signing files: paths to the PEM key and certificate, and the key's passphrase. */
export const SIGNING_ENV = {
  key: 'POS_EINVOICE_KEY_FILE',
  certificate: 'POS_EINVOICE_CERT_FILE',
  passphrase: 'POS_EINVOICE_KEY_PASSPHRASE',
} as const;

/**
 * Loads the signing credentials the environment names ({@link SIGNING_ENV}); undefined when neither file is set
 * (e-invoicing not configured).
 *
 * @throws SigningCredentialsError when only one of the two files is set, or as {@link loadSigningCredentials}.
 */
export function signingCredentialsFromEnv(
  env: Record<string, string | undefined>,
  readFile: (path: string) => Buffer,
): SigningCredentials | undefined {
  const keyFile = env[SIGNING_ENV.key];
  const certificateFile = env[SIGNING_ENV.certificate];
  if (!keyFile && !certificateFile) return undefined;
  if (!keyFile || !certificateFile) {
    throw new SigningCredentialsError(
      `Set both ${SIGNING_ENV.key} and ${SIGNING_ENV.certificate}, or neither`,
    );
  }
  return loadSigningCredentials({
    keyPem: readFile(keyFile),
    certificatePem: readFile(certificateFile),
    passphrase: env[SIGNING_ENV.passphrase] || undefined,
  });
}
