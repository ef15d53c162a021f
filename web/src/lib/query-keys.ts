// Cache keys one feature owns and another refreshes: a dispute changes what the tradesperson's
// dashboard shows. They live below the features so the one refreshing need not import the other.

export const DASHBOARD_QUERY_KEY = ['tradesperson', 'dashboard'] as const;
