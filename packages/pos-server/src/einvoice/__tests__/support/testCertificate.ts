import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A throwaway RSA key and self-signed certificate made by the `openssl` command, in a temporary folder. */
export interface TestCertificate {
  folder: string;
  /** Unencrypted PKCS#8 key. */
  keyPem: string;
  /** The same key, encrypted with {@link TestCertificate.passphrase}. */
  encryptedKeyPem: string;
  passphrase: string;
  certificatePem: string;
  /** The certificate in DER. */
  certificateDer: Buffer;
  /** The public key in PEM (for `openssl dgst -verify`). */
  publicKeyPath: string;
  /** The key and certificate in a PKCS#12 file (what a CA hands out). */
  pkcs12Path: string;
  /** The serial number the certificate was made with, in hex. */
  serialHex: string;
  remove(): void;
}

/** Runs `openssl` with arguments; its output. */
export function openssl(args: readonly string[], input?: Buffer | string): Buffer {
  return execFileSync('openssl', args, { input, stdio: ['pipe', 'pipe', 'pipe'] });
}

/**
 * Makes a key and a certificate whose subject follows LHDN's certificate profile (CN, O, C=MY, the TIN as
 * organizationIdentifier, the BRN as serialNumber; https://sdk.myinvois.hasil.gov.my/signature/), with a large
 * serial number so that its decimal form is checked.
 */
export function makeTestCertificate(): TestCertificate {
  const folder = mkdtempSync(join(tmpdir(), 'einvoice-cert-'));
  const path = (name: string) => join(folder, name);
  const serialHex = '7A8999A2B3BED00C265B605175624CC5';
  const passphrase = 'test-passphrase';
  openssl([
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    path('key.pem'),
    '-out',
    path('cert.pem'),
    '-days',
    '30',
    '-set_serial',
    `0x${serialHex}`,
    '-subj',
    '/C=MY/O=Kinetic Fitness Sdn Bhd/organizationIdentifier=C20830570210/serialNumber=202005123456/CN=Kinetic Fitness Sdn Bhd',
  ]);
  openssl([
    'pkcs8',
    '-topk8',
    '-v2',
    'aes-256-cbc',
    '-in',
    path('key.pem'),
    '-out',
    path('key-encrypted.pem'),
    '-passout',
    `pass:${passphrase}`,
  ]);
  openssl(['x509', '-in', path('cert.pem'), '-outform', 'DER', '-out', path('cert.der')]);
  openssl(['pkey', '-in', path('key.pem'), '-pubout', '-out', path('public.pem')]);
  openssl([
    'pkcs12',
    '-export',
    '-inkey',
    path('key.pem'),
    '-in',
    path('cert.pem'),
    '-out',
    path('cert.p12'),
    '-passout',
    `pass:${passphrase}`,
  ]);
  return {
    folder,
    keyPem: readFileSync(path('key.pem'), 'utf8'),
    encryptedKeyPem: readFileSync(path('key-encrypted.pem'), 'utf8'),
    passphrase,
    certificatePem: readFileSync(path('cert.pem'), 'utf8'),
    certificateDer: readFileSync(path('cert.der')),
    publicKeyPath: path('public.pem'),
    pkcs12Path: path('cert.p12'),
    serialHex,
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}
