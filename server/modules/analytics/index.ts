// The analytics module's public entry: a tradesperson's figures and the counters behind them.

export { analyticsRoutes } from './analytics.routes';
export type { AnalyticsDeps } from './analytics.service';
export { PROFILE_COUNTERS_FLUSH_MS, ProfileCounters } from './profile-counters';
