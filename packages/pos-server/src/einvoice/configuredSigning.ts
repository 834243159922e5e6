import { readFileSync } from 'node:fs';
import { ConfigError, type EinvoiceConfig } from '../config';
import {
  loadPkcs12Credentials,
  loadSigningCredentials,
  SIGNING_ENV,
  type SigningCredentials,
  SigningCredentialsError,
} from './signingCredentials';

/**
 * Reads the signing key and certificate the e-invoicing settings name (`POS_EINVOICE_KEY_FILE` and
 * `POS_EINVOICE_CERT_FILE`, or `POS_EINVOICE_P12_FILE`; `POS_EINVOICE_KEY_PASSPHRASE`), at the server's start: a key that cannot be used stops
 * the server with the reason in words, rather than the first submission failing a month later.
 *
 * @throws {ConfigError} naming the setting: a file that cannot be read, a wrong passphrase, a key that is not RSA or
 *   not the certificate's, a PKCS#12 file given as the PEM key (with the setting it goes in).
 */
export function loadConfiguredSigning(
  config: Pick<EinvoiceConfig, 'signing'>,
  readFile: (path: string) => Buffer = readFileSync,
): SigningCredentials {
  const read = (setting: string, path: string): Buffer => {
    try {
      return readFile(path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new ConfigError(
        `Invalid configuration: ${setting} cannot be read (${code === 'ENOENT' ? 'no such file' : (code ?? 'unreadable')}: ${path})`,
      );
    }
  };
  const { pkcs12File } = config.signing;
  if (pkcs12File) {
    const file = read(SIGNING_ENV.pkcs12, pkcs12File);
    try {
      return loadPkcs12Credentials(file, config.signing.passphrase);
    } catch (error) {
      if (error instanceof SigningCredentialsError) {
        throw new ConfigError(
          `Invalid configuration: ${SIGNING_ENV.pkcs12}: ${error.message.split('\n')[0]}`,
        );
      }
      throw error;
    }
  }
  const keyPem = read(SIGNING_ENV.key, config.signing.keyFile);
  const certificatePem = read(SIGNING_ENV.certificate, config.signing.certificateFile);
  try {
    return loadSigningCredentials({ keyPem, certificatePem, passphrase: config.signing.passphrase });
  } catch (error) {
    if (error instanceof SigningCredentialsError) {
      throw new ConfigError(
        `Invalid configuration: ${SIGNING_ENV.key} and ${SIGNING_ENV.certificate}: ${error.message.split('\n')[0]}`,
      );
    }
    throw error;
  }
}
