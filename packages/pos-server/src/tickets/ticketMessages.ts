/**
 * Texts of the ticket calls that the spec does not word (it names the rule only). The spec's own texts come from
 * `MESSAGES` of pos-sdk. TODO(lead): move these to `rules/messages.ts` or `serverMessages.ts`.
 */
export const TICKET_MESSAGES = {
  ticketNotFound: 'Ticket not found',
  photoNotJpeg: 'The photo must be a JPEG image',
  photoTooLarge: 'The photo is larger than 2 MB',
  photoFieldName: 'Send the photo in the multipart field "file"',
  photoUploadTooManyParts: 'Too many parts in the upload: send only the photo, in the multipart field "file"',
  photoUploadMalformed:
    'The upload is not a well-formed multipart body: send the photo in the multipart field "file"',
  photoRequired:
    'A photo is required: only a non-shareable ticket that was already used can register without one',
  noPhoto: 'No photo registered for this ticket',
} as const;
