import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config';
import { loadConfiguredSigning } from '../configuredSigning';
import { makeTestCertificate, openssl, type TestCertificate } from './support/testCertificate';

describe('configuredSigning', () => {
  let cert: TestCertificate;
  beforeAll(() => {
    cert = makeTestCertificate();
  });
  afterAll(() => cert.remove());

  const signing = (keyFile: string, passphrase?: string) => ({
    signing: {
      keyFile: join(cert.folder, keyFile),
      certificateFile: join(cert.folder, 'cert.pem'),
      passphrase,
    },
  });

  it('reads the PEM key (plain, or encrypted with its passphrase) and its certificate', () => {
    expect(loadConfiguredSigning(signing('key.pem')).privateKey.asymmetricKeyType).toBe('rsa');
    expect(
      loadConfiguredSigning(signing('key-encrypted.pem', cert.passphrase)).certificate.subject,
    ).toContain('Kinetic Fitness');
  });

  it('stops the server with the reason in words: no such file, a wrong passphrase, a PKCS#12 file', () => {
    expect(() => loadConfiguredSigning(signing('missing.pem'))).toThrowError(
      new ConfigError(
        `Invalid configuration: POS_EINVOICE_KEY_FILE cannot be read (no such file: ${join(cert.folder, 'missing.pem')})`,
      ),
    );
    expect(() => loadConfiguredSigning(signing('key-encrypted.pem', 'wrong'))).toThrowError(
      /^Invalid configuration: POS_EINVOICE_KEY_FILE and POS_EINVOICE_CERT_FILE: The signing key cannot be read \(is the passphrase right\?\)/,
    );
    expect(() => loadConfiguredSigning(signing('cert.p12'))).toThrowError(
      /goes in POS_EINVOICE_P12_FILE instead/,
    );
    expect(() => loadConfiguredSigning(signing('cert.p12'))).toThrow(ConfigError);
  });

  const pkcs12 = (file: string, passphrase?: string) => ({
    signing: { keyFile: '', certificateFile: '', pkcs12File: join(cert.folder, file), passphrase },
  });

  it("reads the certificate authority's PKCS#12 file with its passphrase: OpenSSL 3's (AES) and the older (3DES)", () => {
    const legacy = join(cert.folder, 'legacy.p12');
    openssl([
      ...['pkcs12', '-export', '-legacy', '-inkey', join(cert.folder, 'key.pem')],
      ...['-in', join(cert.folder, 'cert.pem'), '-out', legacy, '-passout', `pass:${cert.passphrase}`],
    ]);
    const pem = loadConfiguredSigning(signing('key.pem'));
    for (const file of ['cert.p12', 'legacy.p12']) {
      const read = loadConfiguredSigning(pkcs12(file, cert.passphrase));
      expect(read.certificate.fingerprint256).toBe(pem.certificate.fingerprint256);
      expect(read.privateKey.export({ type: 'pkcs8', format: 'pem' })).toBe(
        pem.privateKey.export({ type: 'pkcs8', format: 'pem' }),
      );
    }
  });

  it('stops the server with the reason in words for a PKCS#12 file: wrong passphrase, not PKCS#12, no such file', () => {
    expect(() => loadConfiguredSigning(pkcs12('cert.p12', 'wrong'))).toThrowError(
      new ConfigError(
        'Invalid configuration: POS_EINVOICE_P12_FILE: The PKCS#12 file cannot be opened: is POS_EINVOICE_KEY_PASSPHRASE right?',
      ),
    );
    expect(() => loadConfiguredSigning(pkcs12('cert.pem', cert.passphrase))).toThrowError(
      /^Invalid configuration: POS_EINVOICE_P12_FILE: The signing file is not a PKCS#12 file \(\.p12 or \.pfx\)/,
    );
    expect(() => loadConfiguredSigning(pkcs12('missing.p12', cert.passphrase))).toThrowError(
      `Invalid configuration: POS_EINVOICE_P12_FILE cannot be read (no such file: ${join(cert.folder, 'missing.p12')})`,
    );
  });
});
