// The analytics page's bar chart, loaded lazily by its sections (so visx loads only with the charts).
// Each chart's section says the same in a summary and a table.
import { BarChart, type BarPoint } from '@/components/charts/bar-chart';
import { ANALYTICS_CHART_HEIGHT } from './chart-size';

export type ChartPoint = BarPoint;

/** One bar per point, as wide as its container and ANALYTICS_CHART_HEIGHT tall. */
export default function AnalyticsChart({
  points,
  formatValue,
}: {
  points: ChartPoint[];
  /** The axis's words for a value (whole numbers; pounds for money). */
  formatValue: (value: number) => string;
}) {
  return (
    <BarChart
      points={points}
      formatValue={formatValue}
      height={ANALYTICS_CHART_HEIGHT}
      testId="analytics-chart"
    />
  );
}
