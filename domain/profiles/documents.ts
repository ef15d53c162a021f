import { z } from 'zod';
import { DOCUMENT_KINDS, type DocumentKind } from '../catalog/statuses';
import { isCalendarDate, londonToday } from '../marketplace/schemas';

// Uploads of profile pictures and verification documents (DOMAIN-RULES 10): what is accepted, the
// limits, and the words the forms and the API use. The server decides a file's type from its content;
// the browser uses these lists only to warn before sending.

const MB = 1024 * 1024;

export const UPLOAD_LIMITS = {
  pictureMaxBytes: 5 * MB,
  /** Profile pictures are stored as a square of this many pixels. */
  pictureSidePx: 512,
  documentMaxBytes: 10 * MB,
  documentTitleMax: 100,
  /** Documents waiting for review at once: enough for ID, insurance and a few accreditations. */
  pendingDocumentsMax: 10,
} as const;

export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const DOCUMENT_TYPES = ['application/pdf', ...PICTURE_TYPES] as const;
export type DocumentContentType = (typeof DOCUMENT_TYPES)[number];

export const UPLOAD_MESSAGES = {
  pictureType: 'Please upload a JPEG, PNG or WebP image',
  pictureTooBig: 'Images must be 5 MB or smaller',
  pictureMissing: 'Please choose an image to upload',
  documentType: 'Please upload a PDF, JPEG, PNG or WebP file',
  documentEncrypted: 'Password-protected PDFs cannot be checked. Please upload the PDF without a password',
  documentTooBig: 'Documents must be 10 MB or smaller',
  documentMissing: 'Please choose a file to upload',
  oneFile: 'Please upload one file at a time',
  unreadable: 'The upload could not be read. Please try again.',
} as const;

export const DOCUMENT_MESSAGES = {
  kind: 'Please choose the type of document',
  titleLong: 'Title must be less than 100 characters',
  expiryRequired: 'Please enter the insurance expiry date',
  expiryInvalid: 'Please enter a valid expiry date',
  expiryPast: 'The expiry date cannot be in the past',
  notPending: 'Only a document waiting for review can be deleted',
  replaces: 'The document to replace was not found',
  replacesKind: 'A replacement must be the same type of document',
  tooManyPending:
    'You have 10 documents waiting for review. Please wait until they are checked before adding more.',
} as const;

/** What each kind is called on screen, and the title a document gets when none is typed. */
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  photo_id: 'Photo ID',
  insurance: 'Public liability insurance',
  accreditation: 'Trade accreditation',
};

/**
 * The text fields of POST /documents (multipart). Insurance needs an expiry date that is not in the
 * past (UK calendar), since DOMAIN-RULES 10 only counts unexpired insurance. Other kinds have no expiry:
 * a date sent with one (left behind in a form whose type was changed) is ignored, not judged.
 */
export function uploadDocumentSchema(today: () => string = () => londonToday()) {
  return z
    .object({
      kind: z.enum(DOCUMENT_KINDS, { error: DOCUMENT_MESSAGES.kind }),
      title: z
        .string({ error: DOCUMENT_MESSAGES.titleLong })
        .trim()
        .max(UPLOAD_LIMITS.documentTitleMax, DOCUMENT_MESSAGES.titleLong)
        .nullish(),
      expiresOn: z.string({ error: DOCUMENT_MESSAGES.expiryInvalid }).trim().nullish(),
      /** The id of one of the tradesperson's own documents this one replaces. */
      replaces: z.uuid({ error: DOCUMENT_MESSAGES.replaces }).nullish(),
    })
    .transform((doc, ctx) => {
      const title = doc.title || DOCUMENT_KIND_LABELS[doc.kind];
      if (doc.kind !== 'insurance') return { ...doc, title, expiresOn: null };
      const refuse = (message: string) => {
        ctx.addIssue({ code: 'custom', path: ['expiresOn'], message });
        return z.NEVER;
      };
      const date = doc.expiresOn;
      if (!date) return refuse(DOCUMENT_MESSAGES.expiryRequired);
      if (!isCalendarDate(date)) return refuse(DOCUMENT_MESSAGES.expiryInvalid);
      if (date < today()) return refuse(DOCUMENT_MESSAGES.expiryPast);
      return { ...doc, title, expiresOn: date };
    });
}
export type UploadDocumentFields = z.output<ReturnType<typeof uploadDocumentSchema>>;
