// The profiles module's public entry: a tradesperson's own profile, Business Setup and picture, and
// the rating read from the totals kept on each profile. Verification documents are their own module
// (verification), which builds on this one.
export { tradespersonProfileRoutes } from './profile.routes';
// The one rating (DOMAIN-RULES 8), read from the totals a trigger keeps beside each profile; the
// marketplace and discovery read it, while reviews (which writes the reviews behind it) builds on the
// marketplace, so it lives here rather than in reviews.
export { isTopRated, type Rating, ratingColumns, ratingsOf, toRating } from './ratings';
export { requireTradesperson, tradespersonOnly } from './tradesperson';
// Upload checks shared with other modules' uploads (verification documents, dispute evidence).
export {
  EXTENSION_OF,
  isDecodableImage,
  MAX_INPUT_PIXELS,
  readUpload,
  type SniffedType,
  sniffContentType,
  type Upload,
} from './uploads';
