/** The charts' height, shared by the chart and the placeholder that stands for it while it loads. */
export const ANALYTICS_CHART_HEIGHT = 200;
