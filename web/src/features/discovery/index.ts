// What discovery offers other features (the landing and home pages): the search box, the
// tradesperson cards and the featured list, and the visitor's town.
export { HeroSearch } from './hero-search';
export { useFeaturedTradespeople } from './queries';
export { TradespersonCard, TradespersonCardGrid } from './tradesperson-card';
export { TradespersonCardSkeleton, TradespersonCardSkeletons } from './tradesperson-card-skeleton';
export { useVisitorLocation } from './visitor-location';
