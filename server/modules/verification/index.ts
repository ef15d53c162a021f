// The verification module's public entry: a tradesperson's documents (upload, status, expiry, the
// verified flag; DOMAIN-RULES 10) and the admin's verification queue and decisions
// (docs/api/verification.md). It builds on profiles (upload checks, the tradesperson rule) and the
// audit log; the admin console reads a user's documents through it.
export { documentRoutes } from './documents.routes';
export { type AdminDocumentJson, documentsJsonOfUser } from './verification.repository';
export { verificationQueueRoutes } from './verification.routes';
export {
  documentsForAdmin,
  runVerificationChecks,
  type VerificationDeps,
} from './verification.service';
