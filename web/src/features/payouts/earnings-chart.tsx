// The earnings-per-month bar chart. Its chart library (visx: d3 scales and SVG primitives, ~24 KB gz)
// is imported only here, and this module only lazily by the Payments page, so no other page carries it.
// The chart is decorative for assistive technology: the page puts the same figures in a table.
import { formatPence } from '@domain/payments/money';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { ParentSize } from '@visx/responsive';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { formatCalendarMonth } from '@/lib/format';
import { CHART_HEIGHT } from './earnings-chart-size';

export type MonthNet = { month: string; netPence: number };

const MARGIN = { top: 12, right: 8, bottom: 28, left: 64 };

/** 'Nov', with the year on January and on the first bar, so a year's turn reads at a glance. */
function tickLabel(month: string, index: number): string {
  const [name, year] = formatCalendarMonth(month).split(' ');
  return index === 0 || month.slice(5, 7) === '01' ? `${name} ${year?.slice(2)}` : (name ?? month);
}

function Chart({ months, width }: { months: MonthNet[]; width: number }) {
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = CHART_HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<string>({
    domain: months.map((m) => m.month),
    range: [0, innerWidth],
    padding: 0.25,
  });
  const max = Math.max(100, ...months.map((m) => m.netPence));
  const y = scaleLinear<number>({ domain: [0, max], range: [innerHeight, 0], nice: true });
  // On a phone every other month is labelled, so the labels never overlap.
  const every = innerWidth < 420 ? 2 : 1;
  const labelled = months
    .map((m, i) => ({ month: m.month, i }))
    .filter(({ i }) => (months.length - 1 - i) % every === 0);
  const labels = new Map(labelled.map(({ month, i }) => [month, tickLabel(month, i)]));

  return (
    // currentColor and the theme's tokens: the chart follows light and dark mode with the page.
    <svg width={width} height={CHART_HEIGHT} className="text-muted-foreground" role="presentation">
      <Group left={MARGIN.left} top={MARGIN.top}>
        <GridRows scale={y} width={innerWidth} numTicks={4} stroke="var(--border)" />
        {months.map((m) => {
          const value = Math.max(0, m.netPence);
          const barHeight = innerHeight - (y(value) ?? innerHeight);
          return (
            <Bar
              key={m.month}
              x={x(m.month) ?? 0}
              y={innerHeight - barHeight}
              width={x.bandwidth()}
              height={barHeight}
              rx={3}
              className="fill-primary"
            >
              <title>{`${formatCalendarMonth(m.month, 'long')}: ${formatPence(value)}`}</title>
            </Bar>
          );
        })}
        <AxisLeft
          scale={y}
          numTicks={4}
          tickFormat={(value) => formatPence(Number(value), 0)}
          stroke="currentColor"
          tickStroke="currentColor"
          hideAxisLine
          tickLabelProps={{ fill: 'currentColor', fontSize: 12 }}
        />
        <AxisBottom
          top={innerHeight}
          scale={x}
          tickValues={labelled.map((l) => l.month)}
          tickFormat={(month) => labels.get(month) ?? ''}
          stroke="currentColor"
          tickStroke="currentColor"
          tickLabelProps={{ fill: 'currentColor', fontSize: 12 }}
        />
      </Group>
    </svg>
  );
}

/** Net earnings released per month, as bars; as wide as its container, CHART_HEIGHT tall. */
export default function EarningsChart({ months }: { months: MonthNet[] }) {
  return (
    <div aria-hidden="true" style={{ height: CHART_HEIGHT }}>
      <ParentSize debounceTime={50}>
        {({ width }) => (width > 0 ? <Chart months={months} width={width} /> : null)}
      </ParentSize>
    </div>
  );
}
