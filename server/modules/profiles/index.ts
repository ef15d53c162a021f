// The profiles module's public entry: a tradesperson's own profile, Business Setup and documents.
export { documentRoutes } from './documents.routes';
export { tradespersonProfileRoutes } from './profile.routes';
// The one rating (DOMAIN-RULES 8), read from the totals a trigger keeps beside each profile; the
// marketplace and discovery read it, while reviews (which writes the reviews behind it) builds on the
// marketplace, so it lives here rather than in reviews.
export { isTopRated, type Rating, ratingColumns, ratingsOf, toRating } from './ratings';
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
