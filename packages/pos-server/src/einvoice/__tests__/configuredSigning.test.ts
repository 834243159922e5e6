import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config';
import { loadConfiguredSigning } from '../configuredSigning';
import { makeTestCertificate, type TestCertificate } from './support/testCertificate';

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
    expect(() => loadConfiguredSigning(signing('cert.p12'))).toThrowError(/must be converted to PEM/);
    expect(() => loadConfiguredSigning(signing('cert.p12'))).toThrow(ConfigError);
  });
});
