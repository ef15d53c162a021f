// A small bar chart of one figure per week for the admin dashboard. Its chart library (visx) is imported
// only here, and this module only lazily by the dashboard, so no other page carries it for the admin
// console. The chart is decorative for assistive technology: the dashboard puts the same figures in a
// table and a one-line summary.
import { AxisBottom, AxisLeft } from '@visx/axis';
import { GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { ParentSize } from '@visx/responsive';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { weekLabel } from '@/lib/format';
import { WEEKLY_CHART_HEIGHT } from './chart-size';

export type WeeklyPoint = { weekStart: string; value: number };

const MARGIN = { top: 8, right: 4, bottom: 24, left: 44 };

function Chart({
  points,
  width,
  formatValue,
}: {
  points: WeeklyPoint[];
  width: number;
  formatValue: (value: number) => string;
}) {
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = WEEKLY_CHART_HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<string>({
    domain: points.map((p) => p.weekStart),
    range: [0, innerWidth],
    padding: 0.25,
  });
  const max = Math.max(1, ...points.map((p) => p.value));
  const y = scaleLinear<number>({ domain: [0, max], range: [innerHeight, 0], nice: true });
  // Labels never overlap: roughly one per 56 px, always including the latest week.
  const every = Math.max(1, Math.ceil(points.length / Math.max(1, Math.floor(innerWidth / 56))));
  const labelled = points.filter((_, i) => (points.length - 1 - i) % every === 0).map((p) => p.weekStart);

  return (
    // currentColor and the theme's tokens: the chart follows light and dark mode with the page.
    <svg width={width} height={WEEKLY_CHART_HEIGHT} className="text-muted-foreground" role="presentation">
      <Group left={MARGIN.left} top={MARGIN.top}>
        <GridRows scale={y} width={innerWidth} numTicks={3} stroke="var(--border)" />
        {points.map((p) => {
          const value = Math.max(0, p.value);
          const barHeight = innerHeight - (y(value) ?? innerHeight);
          return (
            <Bar
              key={p.weekStart}
              x={x(p.weekStart) ?? 0}
              y={innerHeight - barHeight}
              width={x.bandwidth()}
              height={barHeight}
              rx={2}
              className="fill-primary"
            >
              <title>{`Week of ${weekLabel(p.weekStart)}: ${formatValue(value)}`}</title>
            </Bar>
          );
        })}
        <AxisLeft
          scale={y}
          numTicks={3}
          tickFormat={(value) => formatValue(Number(value))}
          stroke="currentColor"
          tickStroke="currentColor"
          hideAxisLine
          tickLabelProps={{ fill: 'currentColor', fontSize: 11 }}
        />
        <AxisBottom
          top={innerHeight}
          scale={x}
          tickValues={labelled}
          tickFormat={(week) => weekLabel(week)}
          stroke="currentColor"
          tickStroke="currentColor"
          tickLabelProps={{ fill: 'currentColor', fontSize: 11 }}
        />
      </Group>
    </svg>
  );
}

/** One bar per week, as wide as its container and WEEKLY_CHART_HEIGHT tall. */
export default function WeeklyChart({
  points,
  formatValue,
}: {
  points: WeeklyPoint[];
  /** The axis's and the bars' tooltips' words for a value (whole numbers; pounds for money). */
  formatValue: (value: number) => string;
}) {
  return (
    <div aria-hidden="true" style={{ height: WEEKLY_CHART_HEIGHT }} data-testid="weekly-chart">
      <ParentSize debounceTime={50}>
        {({ width }) =>
          width > 0 ? <Chart points={points} width={width} formatValue={formatValue} /> : null
        }
      </ParentSize>
    </div>
  );
}
