import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import forge from 'node-forge';

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

/** The signing key or certificate cannot be used: wrong passphrase, not RSA, not the certificate's key. */
export class SigningCredentialsError extends Error {
  override readonly name = 'SigningCredentialsError';
}

/**
 * Loads the key and certificate that sign e-invoices from PEM (a PKCS#12 file: {@link loadPkcs12Credentials}).
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
      `The signing key is not a PEM private key (a PKCS#12 file, .p12 or .pfx, goes in ${SIGNING_ENV.pkcs12} instead)`,
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

/**
 * The settings naming the signing files: paths to the PEM key and certificate, or to a PKCS#12 file holding both,
 * and the key's (or the PKCS#12 file's) passphrase.
 */
export const SIGNING_ENV = {
  key: 'POS_EINVOICE_KEY_FILE',
  certificate: 'POS_EINVOICE_CERT_FILE',
  pkcs12: 'POS_EINVOICE_P12_FILE',
  passphrase: 'POS_EINVOICE_KEY_PASSPHRASE',
} as const;

/**
 * Loads the key and certificate that sign e-invoices from a PKCS#12 file (`.p12`/`.pfx`, as a Malaysian certificate
 * authority issues the venue's digital certificate), opened with its passphrase. node:crypto has no PKCS#12 reader;
 * node-forge opens it (the MAC checked with the passphrase; the AES/PBKDF2 files of OpenSSL 3 and the older 3DES ones
 * alike). The key stays in memory only; then as {@link loadSigningCredentials}: RSA, and the certificate's own key
 * (the file's certificate that belongs to the key, when it holds a chain).
 *
 * @throws SigningCredentialsError when the file is not PKCS#12, the passphrase is wrong, it holds no key or no
 *   certificate of the key, or the key is not RSA.
 */
export function loadPkcs12Credentials(file: Buffer, passphrase: string | undefined): SigningCredentials {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(file.toString('binary')), passphrase ?? '');
  } catch (error) {
    const message = (error as Error).message;
    throw new SigningCredentialsError(
      /MAC could not be verified|Invalid password/i.test(message)
        ? `The PKCS#12 file cannot be opened: is ${SIGNING_ENV.passphrase} right?`
        : `The signing file is not a PKCS#12 file (.p12 or .pfx): ${message}`,
    );
  }
  const bags = (type: string) => p12.getBags({ bagType: type })[type] ?? [];
  const keyBag = [
    ...bags(forge.pki.oids.pkcs8ShroudedKeyBag ?? ''),
    ...bags(forge.pki.oids.keyBag ?? ''),
  ].find((bag) => bag.key !== undefined);
  if (keyBag?.key === undefined) throw new SigningCredentialsError('The PKCS#12 file holds no private key');
  let keyPem: string;
  try {
    keyPem = forge.pki.privateKeyToPem(keyBag.key);
  } catch {
    throw new SigningCredentialsError('MyInvois signs with RSA; the PKCS#12 file holds another kind of key');
  }
  const privateKey = createPrivateKey({ key: keyPem, format: 'pem' });
  const certificates = bags(forge.pki.oids.certBag ?? '').flatMap((bag) =>
    bag.cert === undefined ? [] : [forge.pki.certificateToPem(bag.cert)],
  );
  const own = certificates.find((pem) => new X509Certificate(pem).checkPrivateKey(privateKey));
  if (own === undefined) {
    throw new SigningCredentialsError(
      "The PKCS#12 file holds no certificate of its key (the venue's certificate)",
    );
  }
  return loadSigningCredentials({ keyPem, certificatePem: own });
}

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
  const pkcs12File = env[SIGNING_ENV.pkcs12];
  if (pkcs12File) {
    if (keyFile || certificateFile) {
      throw new SigningCredentialsError(
        `Set ${SIGNING_ENV.pkcs12}, or ${SIGNING_ENV.key} and ${SIGNING_ENV.certificate}, not both`,
      );
    }
    return loadPkcs12Credentials(readFile(pkcs12File), env[SIGNING_ENV.passphrase] || undefined);
  }
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
