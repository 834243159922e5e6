import { createHash, sign, type X509Certificate } from 'node:crypto';
import type { UblDocument, UblInvoice } from './buildEinvoiceDocument';
import type { SigningCredentials } from './signingCredentials';

/** A signed document: the document with its signature, and its minified JSON exactly as it is submitted. */
export interface SignedDocument {
  document: UblDocument;
  /** The minified JSON of the signed document: what is base64-encoded into the submission. */
  json: string;
  /** The document's digest (DocDigest), base64 of SHA-256 of the unsigned minified document. */
  docDigest: string;
}

const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const XADES_SIGNED_PROPERTIES = 'http://uri.etsi.org/01903/v1.3.2#SignedProperties';
const ENVELOPED_XADES = 'urn:oasis:names:specification:ubl:dsig:enveloped:xades';

const value = (text: string, attributes: Record<string, string> = {}) => [{ _: text, ...attributes }];
const sha256Base64 = (data: string | Buffer) => createHash('sha256').update(data).digest('base64');

/**
 * The document without its signature (`UBLExtensions` and `Signature` of the invoice removed): what the document
 * digest is taken over (step 2 of https://sdk.myinvois.hasil.gov.my/signature-creation/).
 */
export function withoutSignature(document: UblDocument): UblDocument {
  const { UBLExtensions: _extensions, Signature: _signature, ...invoice } = document.Invoice[0];
  return { ...document, Invoice: [invoice] };
}

/**
 * The canonical form of a JSON document for MyInvois: minified, without whitespace or line breaks between tokens
 * (step 3 of https://sdk.myinvois.hasil.gov.my/signature-creation/). `JSON.stringify` without indentation is that.
 */
export function minifiedJson(value: unknown): string {
  return JSON.stringify(value);
}

/**
 * The certificate's issuer as the signature's `X509IssuerName` wants it: its names, most specific first, joined by
 * ", " ("CN=Trial LHDNM Sub CA V1, OU=..., O=LHDNM, C=MY", as in LHDN's JSON signing sample). Node lists them in the
 * certificate's order, one a line, so the order is reversed.
 */
export function issuerName(certificate: X509Certificate): string {
  return certificate.issuer.split('\n').reverse().join(', ');
}

/** The certificate's serial number in decimal, as the signature's `X509SerialNumber` wants it. */
export function serialNumber(certificate: X509Certificate): string {
  return BigInt(`0x${certificate.serialNumber}`).toString(10);
}

/** The signing time as XAdES wants it: UTC to the second ("2024-07-23T15:14:54Z"). */
function signingTimeOf(at: Date): string {
  return `${at.toISOString().slice(0, 19)}Z`;
}

/**
 * Signs a document the way MyInvois checks it, for a JSON document
 * (https://sdk.myinvois.hasil.gov.my/signature-creation/ and https://sdk.myinvois.hasil.gov.my/signature-creation-json/):
 *
 * 1. Remove `UBLExtensions` and `Signature`, minify: the canonical document.
 * 2. DocDigest: SHA-256 of it, base64.
 * 3. Sig: RSA-SHA256 (PKCS#1 v1.5) of the canonical document with the certificate's key, base64. The signature is
 *    over the SHA-256 of the document, i.e. over DocDigest, as the guide's `SignHash(hash, SHA256, Pkcs1)`.
 * 4. CertDigest: SHA-256 of the certificate (DER), base64.
 * 5. The XAdES signed properties: the signing time, CertDigest, the certificate's issuer and serial number.
 * 6. PropsDigest: SHA-256 of the minified `QualifyingProperties` content (`{"Target":"signature","SignedProperties":
 *    [...]}`, as the JSON guide's step 6 shows), base64.
 * 7. `UBLExtensions` (the signature: SignedInfo with the two references, SignatureValue, KeyInfo, Object) and
 *    `Signature` (`cac:Signature`) are added to the invoice; the signed document is minified again.
 *
 * @param signingTime the instant written as the XAdES `SigningTime` (the caller's clock, so tests are repeatable).
 */
export function signDocument(
  document: UblDocument,
  credentials: SigningCredentials,
  signingTime: Date,
): SignedDocument {
  const unsigned = withoutSignature(document);
  const canonical = minifiedJson(unsigned);
  const docDigest = sha256Base64(canonical);
  const signatureValue = sign('sha256', Buffer.from(canonical, 'utf8'), credentials.privateKey).toString(
    'base64',
  );
  const { certificate } = credentials;
  const certDigest = sha256Base64(certificate.raw);
  const issuer = issuerName(certificate);
  const serial = serialNumber(certificate);
  const qualifyingProperties = {
    Target: 'signature',
    SignedProperties: [
      {
        Id: 'id-xades-signed-props',
        SignedSignatureProperties: [
          {
            SigningTime: value(signingTimeOf(signingTime)),
            SigningCertificate: [
              {
                Cert: [
                  {
                    CertDigest: [
                      { DigestMethod: value('', { Algorithm: SHA256 }), DigestValue: value(certDigest) },
                    ],
                    IssuerSerial: [{ X509IssuerName: value(issuer), X509SerialNumber: value(serial) }],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  };
  const propsDigest = sha256Base64(minifiedJson(qualifyingProperties));
  const signature = {
    Id: 'signature',
    Object: [{ QualifyingProperties: [qualifyingProperties] }],
    KeyInfo: [
      {
        X509Data: [
          {
            X509Certificate: value(certificate.raw.toString('base64')),
            X509SubjectName: value(certificate.subject.split('\n').reverse().join(', ')),
            X509IssuerSerial: [{ X509IssuerName: value(issuer), X509SerialNumber: value(serial) }],
          },
        ],
      },
    ],
    SignatureValue: value(signatureValue),
    SignedInfo: [
      {
        SignatureMethod: value('', { Algorithm: RSA_SHA256 }),
        Reference: [
          {
            Type: XADES_SIGNED_PROPERTIES,
            URI: '#id-xades-signed-props',
            DigestMethod: value('', { Algorithm: SHA256 }),
            DigestValue: value(propsDigest),
          },
          {
            Type: '',
            URI: '',
            DigestMethod: value('', { Algorithm: SHA256 }),
            DigestValue: value(docDigest),
          },
        ],
      },
    ],
  };
  const invoice: UblInvoice = {
    ...unsigned.Invoice[0],
    UBLExtensions: [
      {
        UBLExtension: [
          {
            ExtensionURI: value(ENVELOPED_XADES),
            ExtensionContent: [
              {
                UBLDocumentSignatures: [
                  {
                    SignatureInformation: [
                      {
                        ID: value('urn:oasis:names:specification:ubl:signature:1'),
                        ReferencedSignatureID: value('urn:oasis:names:specification:ubl:signature:Invoice'),
                        Signature: [signature],
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
    Signature: [
      {
        ID: value('urn:oasis:names:specification:ubl:signature:Invoice'),
        SignatureMethod: value(ENVELOPED_XADES),
      },
    ],
  };
  const signed: UblDocument = { ...unsigned, Invoice: [invoice] };
  return { document: signed, json: minifiedJson(signed), docDigest };
}
