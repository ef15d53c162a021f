// The reviews module's public entry: other modules read ratings only through what is exported here.
export { isTopRated, type Rating, ratingColumns, ratingsOf, toRating } from './ratings';
