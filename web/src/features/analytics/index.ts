// The tradesperson's analytics: their figures over a period against the one before, with suggestions.
export { AnalyticsPage } from './analytics-page';
