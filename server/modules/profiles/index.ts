// The profiles module's public entry: a tradesperson's own profile, Business Setup and documents.
export { documentRoutes } from './documents.routes';
export { tradespersonProfileRoutes } from './profile.routes';
// Upload checks shared with other modules' image uploads (dispute evidence).
export { isDecodableImage, MAX_INPUT_PIXELS, readUpload, sniffContentType } from './uploads';
export {
  decideDocument,
  documentsForAdmin,
  pendingVerifications,
  runVerificationChecks,
  type VerificationDeps,
  verificationQueue,
} from './verification.service';
