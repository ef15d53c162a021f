// What verification offers other features: the tradesperson's documents (Business Setup), one
// document's review (the admin's user page), and the documents' cache key (refreshed on a notification).
export { verificationKeys } from './api';
export { DocumentReview } from './document-review';
export { VerificationDocuments } from './verification-documents';
