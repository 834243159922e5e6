import { join } from 'node:path';
import type { EinvoiceConfig } from '../../../config';
import { createMyInvoisClient, type MyInvoisClient } from '../../myinvoisClient';
import { GYM } from './einvoiceFixtures';
import { type MyInvoisSimulator, startMyInvoisSimulator } from './myinvoisSimulator';
import { makeTestCertificate, type TestCertificate } from './testCertificate';

/** MyInvois as the e-invoice tests meet it: a simulator, the certificate it trusts, and the server's settings for it. */
export interface MyInvoisTestBed {
  /** The signing certificate (PEM files in its folder), made for this bed. */
  readonly cert: TestCertificate;
  /** LHDN's API as the simulator follows it, trusting `cert`, the gym's TIN its taxpayer. */
  readonly simulator: MyInvoisSimulator;
  /** The server's e-invoicing settings against the simulator (sandbox), signing with `cert`'s key and certificate. */
  readonly einvoice: EinvoiceConfig;
  /** A client of those settings, as the server's sender has one (2 s per call). */
  readonly client: MyInvoisClient;
  /** Stops the simulator and removes the certificate's files. */
  close(): Promise<void>;
}

/**
 * Starts a MyInvois simulator on `clock` with a fresh signing certificate, and the server's settings for it.
 * `validationDelayMs`: how long a submitted document stays `Submitted` (the simulator's default, 0, without it).
 */
export async function startMyInvoisTestBed(
  clock: () => Date,
  options: { validationDelayMs?: number } = {},
): Promise<MyInvoisTestBed> {
  const cert = makeTestCertificate();
  const simulator = await startMyInvoisSimulator({
    clock,
    clientId: 'gym-erp',
    clientSecret: 's3cret',
    taxpayerTin: GYM.tin,
    trustedCertificate: cert.certificatePem,
    validationDelayMs: options.validationDelayMs,
  });
  const einvoice: EinvoiceConfig = {
    environment: 'sandbox',
    apiUrl: simulator.url,
    identityUrl: simulator.url,
    portalUrl: 'https://preprod.myinvois.hasil.gov.my',
    clientId: 'gym-erp',
    clientSecret: 's3cret',
    signing: {
      keyFile: join(cert.folder, 'key.pem'),
      certificateFile: join(cert.folder, 'cert.pem'),
      passphrase: undefined,
    },
  };
  return {
    cert,
    simulator,
    einvoice,
    client: createMyInvoisClient({ ...einvoice, clock, timeoutMs: 2_000 }),
    close: async () => {
      await simulator.close();
      cert.remove();
    },
  };
}
