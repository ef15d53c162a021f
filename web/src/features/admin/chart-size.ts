/** The weekly charts' height, shared by the dashboard's placeholder (the chart itself loads later, lazily). */
export const WEEKLY_CHART_HEIGHT = 160;
