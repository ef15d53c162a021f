// The one rating (DOMAIN-RULES 8), read from the totals a trigger keeps beside each profile. Its own
// module because the marketplace and discovery read it while the reviews module, which writes the
// reviews behind it, builds on the marketplace.
export { isTopRated, type Rating, ratingColumns, ratingsOf, toRating } from './ratings';
