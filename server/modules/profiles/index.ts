// The profiles module's public entry: a tradesperson's own profile, Business Setup and documents.
export { documentRoutes } from './documents.routes';
export { tradespersonProfileRoutes } from './profile.routes';
export {
  decideDocument,
  documentsForAdmin,
  pendingVerifications,
  runVerificationChecks,
  type VerificationDeps,
  verificationQueue,
} from './verification.service';
