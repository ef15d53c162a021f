// A small bar chart of one figure per week for the admin dashboard, loaded lazily by it (so visx loads
// only with the charts). The dashboard puts the same figures in a table and a one-line summary.
import { BarChart } from '@/components/charts/bar-chart';
import { weekLabel } from '@/lib/format';
import { WEEKLY_CHART_HEIGHT } from './chart-size';

export type WeeklyPoint = { weekStart: string; value: number };

/** One bar per week, as wide as its container and WEEKLY_CHART_HEIGHT tall. */
export default function WeeklyChart({
  points,
  formatValue,
}: {
  points: WeeklyPoint[];
  /** The axis's and the bars' tooltips' words for a value (whole numbers; pounds for money). */
  formatValue: (value: number) => string;
}) {
  const bars = points.map((p) => ({
    key: p.weekStart,
    label: weekLabel(p.weekStart),
    title: `Week of ${weekLabel(p.weekStart)}: ${formatValue(Math.max(0, p.value))}`,
    value: p.value,
  }));
  return (
    <BarChart points={bars} formatValue={formatValue} height={WEEKLY_CHART_HEIGHT} testId="weekly-chart" />
  );
}
