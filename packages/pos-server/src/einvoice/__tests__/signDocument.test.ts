import { createHash, createVerify } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEinvoiceDocument } from '../buildEinvoiceDocument';
import { signDocument } from '../signDocument';
import {
  loadSigningCredentials,
  SIGNING_ENV,
  SigningCredentialsError,
  signingCredentialsFromEnv,
} from '../signingCredentials';
import { MEMBER_INVOICE } from './support/einvoiceFixtures';
import { makeTestCertificate, openssl, type TestCertificate } from './support/testCertificate';

type Json = Record<string, unknown>;
/** `node[name][0]`. */
const first = (node: unknown, name: string): Json =>
  ((node as Record<string, Json[]>)[name] ?? [])[0] as Json;
/** `node[name][0]._`. */
const text = (node: unknown, name: string): unknown => first(node, name)._;
const sha256Base64 = (data: string | Buffer) => createHash('sha256').update(data).digest('base64');

/** The parts of a signed document, found by the paths LHDN's signing guide names (not by the signing code). */
function signatureParts(json: string) {
  const document = JSON.parse(json) as { Invoice: Json[] };
  const invoice = document.Invoice[0] as Json;
  const information = first(
    first(
      first(first(first(invoice, 'UBLExtensions'), 'UBLExtension'), 'ExtensionContent'),
      'UBLDocumentSignatures',
    ),
    'SignatureInformation',
  );
  const signature = first(information, 'Signature');
  const references = first(signature, 'SignedInfo').Reference as Json[];
  const qualifying = first(first(signature, 'Object'), 'QualifyingProperties');
  const signed = first(first(qualifying, 'SignedProperties'), 'SignedSignatureProperties');
  const cert = first(first(signed, 'SigningCertificate'), 'Cert');
  const { UBLExtensions: _e, Signature: _s, ...unsignedInvoice } = invoice;
  return {
    document,
    invoice,
    information,
    signature,
    qualifying,
    signingTime: text(signed, 'SigningTime'),
    certDigest: text(first(cert, 'CertDigest'), 'DigestValue'),
    issuerName: text(first(cert, 'IssuerSerial'), 'X509IssuerName'),
    serialNumber: text(first(cert, 'IssuerSerial'), 'X509SerialNumber'),
    docReference: references.find((reference) => reference.URI === '') as Json,
    propsReference: references.find((reference) => reference.URI === '#id-xades-signed-props') as Json,
    signatureValue: text(signature, 'SignatureValue') as string,
    certificate: text(first(first(signature, 'KeyInfo'), 'X509Data'), 'X509Certificate') as string,
    canonical: JSON.stringify({ ...document, Invoice: [unsignedInvoice] }),
  };
}

describe('signDocument', () => {
  let cert: TestCertificate;
  beforeAll(() => {
    cert = makeTestCertificate();
  });
  afterAll(() => cert.remove());

  const signingTime = new Date('2026-11-29T01:15:31.900Z');
  const signed = () =>
    signDocument(
      buildEinvoiceDocument(MEMBER_INVOICE),
      loadSigningCredentials({ keyPem: cert.keyPem, certificatePem: cert.certificatePem }),
      signingTime,
    );

  /** Whether `openssl dgst -sha256 -verify` accepts the signature of `content` with the certificate's public key. */
  const opensslVerifies = (content: string, signatureBase64: string) => {
    const contentPath = join(cert.folder, 'content.json');
    const signaturePath = join(cert.folder, 'signature.bin');
    writeFileSync(contentPath, content);
    writeFileSync(signaturePath, Buffer.from(signatureBase64, 'base64'));
    try {
      return openssl([
        'dgst',
        '-sha256',
        '-verify',
        cert.publicKeyPath,
        '-signature',
        signaturePath,
        contentPath,
      ])
        .toString()
        .includes('Verified OK');
    } catch {
      return false;
    }
  };

  it('the document digest is SHA-256 of the minified document without UBLExtensions and Signature', () => {
    const { json, docDigest } = signed();
    const parts = signatureParts(json);
    expect(parts.docReference.DigestValue).toEqual([{ _: sha256Base64(parts.canonical) }]);
    expect(docDigest).toBe(sha256Base64(parts.canonical));
    // The unsigned document is the one that was built: signing adds the two sections and changes nothing else.
    expect(parts.canonical).toBe(JSON.stringify(buildEinvoiceDocument(MEMBER_INVOICE)));
  });

  it('the signature is RSA-SHA256 of that document with the certificate key (checked by openssl)', () => {
    const parts = signatureParts(signed().json);
    expect(opensslVerifies(parts.canonical, parts.signatureValue)).toBe(true);
    // A changed amount no longer matches the signature.
    expect(opensslVerifies(parts.canonical.replace('"_":150,', '"_":15,'), parts.signatureValue)).toBe(false);
  });

  it("the signed properties carry the signing time and the certificate's digest, issuer and serial number", () => {
    const parts = signatureParts(signed().json);
    expect(parts.signingTime).toBe('2026-11-29T01:15:31Z');
    expect(parts.certDigest).toBe(sha256Base64(cert.certificateDer));
    expect(parts.certificate).toBe(cert.certificateDer.toString('base64'));
    expect(parts.serialNumber).toBe(BigInt(`0x${cert.serialHex}`).toString(10));
    expect(parts.serialNumber).toBe('162880276254639189035871514749820882117');
    const opensslIssuer = openssl(['x509', '-noout', '-issuer', '-nameopt', 'RFC2253'], cert.certificatePem)
      .toString()
      .replace(/^issuer=/, '')
      .trim();
    // RFC 2253 order (most specific first), as LHDN's JSON signing sample writes it: "CN=..., ..., C=MY".
    expect(parts.issuerName).toBe(opensslIssuer.split(',').join(', '));
    expect(parts.issuerName).toMatch(/^CN=Kinetic Fitness Sdn Bhd, .*C=MY$/);
  });

  it('the signed-properties digest is SHA-256 of the minified QualifyingProperties content', () => {
    const parts = signatureParts(signed().json);
    expect(parts.propsReference.DigestValue).toEqual([{ _: sha256Base64(JSON.stringify(parts.qualifying)) }]);
    expect(parts.propsReference.Type).toBe('http://uri.etsi.org/01903/v1.3.2#SignedProperties');
    expect(parts.qualifying.Target).toBe('signature');
  });

  it('embeds the signature in UBLExtensions and adds cac:Signature, as the guide names them', () => {
    const parts = signatureParts(signed().json);
    expect(text(first(first(parts.invoice, 'UBLExtensions'), 'UBLExtension'), 'ExtensionURI')).toBe(
      'urn:oasis:names:specification:ubl:dsig:enveloped:xades',
    );
    expect(text(parts.information, 'ID')).toBe('urn:oasis:names:specification:ubl:signature:1');
    expect(text(parts.information, 'ReferencedSignatureID')).toBe(
      'urn:oasis:names:specification:ubl:signature:Invoice',
    );
    expect(first(first(parts.signature, 'SignedInfo'), 'SignatureMethod')).toEqual({
      _: '',
      Algorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    });
    expect(parts.invoice.Signature).toEqual([
      {
        ID: [{ _: 'urn:oasis:names:specification:ubl:signature:Invoice' }],
        SignatureMethod: [{ _: 'urn:oasis:names:specification:ubl:dsig:enveloped:xades' }],
      },
    ]);
  });

  it('signing a signed document again replaces its signature (the digest ignores the old one)', () => {
    const once = signed();
    const credentials = loadSigningCredentials({ keyPem: cert.keyPem, certificatePem: cert.certificatePem });
    const twice = signDocument(once.document, credentials, signingTime);
    expect(twice.docDigest).toBe(once.docDigest);
    expect(twice.json).toBe(once.json);
  });
});

describe('signing credentials', () => {
  let cert: TestCertificate;
  let other: TestCertificate;
  beforeAll(() => {
    cert = makeTestCertificate();
    other = makeTestCertificate();
  });
  afterAll(() => {
    cert.remove();
    other.remove();
  });

  it('loads an encrypted key with the passphrase from the environment', () => {
    const files: Record<string, string> = { '/k.pem': cert.encryptedKeyPem, '/c.pem': cert.certificatePem };
    const credentials = signingCredentialsFromEnv(
      {
        [SIGNING_ENV.key]: '/k.pem',
        [SIGNING_ENV.certificate]: '/c.pem',
        [SIGNING_ENV.passphrase]: cert.passphrase,
      },
      (path) => Buffer.from(files[path] ?? ''),
    );
    expect(credentials?.certificate.serialNumber).toBe(cert.serialHex);
    expect(credentials?.privateKey.asymmetricKeyType).toBe('rsa');
  });

  it('reads a PKCS#12 file instead (POS_EINVOICE_P12_FILE), and signs with its key; not with the PEM files too', () => {
    const read = () => readFileSync(cert.pkcs12Path);
    const credentials = signingCredentialsFromEnv(
      { [SIGNING_ENV.pkcs12]: '/venue.p12', [SIGNING_ENV.passphrase]: cert.passphrase },
      read,
    );
    expect(credentials?.certificate.serialNumber).toBe(cert.serialHex);
    if (credentials === undefined) throw new Error('no credentials');
    const parts = signatureParts(
      signDocument(buildEinvoiceDocument(MEMBER_INVOICE), credentials, new Date('2026-11-22T02:00:00Z')).json,
    );
    const verifier = createVerify('RSA-SHA256').update(parts.canonical);
    expect(verifier.verify(cert.certificatePem, parts.signatureValue, 'base64')).toBe(true);
    expect(() =>
      signingCredentialsFromEnv(
        {
          [SIGNING_ENV.pkcs12]: '/venue.p12',
          [SIGNING_ENV.key]: '/k.pem',
          [SIGNING_ENV.passphrase]: cert.passphrase,
        },
        read,
      ),
    ).toThrow('Set POS_EINVOICE_P12_FILE, or POS_EINVOICE_KEY_FILE and POS_EINVOICE_CERT_FILE, not both');
  });

  it('is not configured without either file, and refuses one file without the other', () => {
    expect(signingCredentialsFromEnv({}, () => Buffer.alloc(0))).toBeUndefined();
    expect(() => signingCredentialsFromEnv({ [SIGNING_ENV.key]: '/k.pem' }, () => Buffer.alloc(0))).toThrow(
      `Set both ${SIGNING_ENV.key} and ${SIGNING_ENV.certificate}, or neither`,
    );
  });

  it('refuses a wrong passphrase, a key that is not the certificate key, and a PKCS#12 file', () => {
    expect(() =>
      loadSigningCredentials({
        keyPem: cert.encryptedKeyPem,
        certificatePem: cert.certificatePem,
        passphrase: 'wrong',
      }),
    ).toThrow(/cannot be read \(is the passphrase right\?\)/);
    expect(() =>
      loadSigningCredentials({ keyPem: other.keyPem, certificatePem: cert.certificatePem }),
    ).toThrow("The signing key is not the certificate's key");
    expect(() =>
      loadSigningCredentials({ keyPem: readFileSync(cert.pkcs12Path), certificatePem: cert.certificatePem }),
    ).toThrow(SigningCredentialsError);
    expect(() =>
      loadSigningCredentials({ keyPem: readFileSync(cert.pkcs12Path), certificatePem: cert.certificatePem }),
    ).toThrow(/a PKCS#12 file, \.p12 or \.pfx, goes in POS_EINVOICE_P12_FILE instead/);
  });
});
