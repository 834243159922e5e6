import { createHash } from 'node:crypto';
import type { SignedDocument } from './signDocument';

/** One document of a submission, as the Submit Documents API takes it. */
export interface SubmissionDocument {
  format: 'JSON';
  /** The signed document's JSON, base64. */
  document: string;
  /** SHA-256 of the document's JSON, hex. */
  documentHash: string;
  /** The supplier's own number of the document. */
  codeNumber: string;
}

/**
 * A signed document as one entry of a submission's `documents`: its JSON in base64, the SHA-256 of that JSON and
 * the supplier's number (https://sdk.myinvois.hasil.gov.my/einvoicingapi/02-submit-documents/).
 */
export function submissionDocument(signed: SignedDocument, codeNumber: string): SubmissionDocument {
  const bytes = Buffer.from(signed.json, 'utf8');
  return {
    format: 'JSON',
    document: bytes.toString('base64'),
    documentHash: createHash('sha256').update(bytes).digest('hex'),
    codeNumber,
  };
}
