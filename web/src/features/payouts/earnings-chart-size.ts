/** The chart's height, shared by the page's placeholder (the chart itself loads later, lazily). */
export const CHART_HEIGHT = 240;
