// The metrics module's public entry: GET /metrics and what feeds it (docs/operations/metrics.md).
export { type AppMetrics, registerMetrics } from './metrics';
