// The analytics module's public entry: a tradesperson's figures and the counters behind them.

export { type AnalyticsDeps, analyticsRoutes } from './analytics.routes';
