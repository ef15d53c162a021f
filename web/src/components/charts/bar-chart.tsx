// The bar charts of the admin dashboard and the analytics page. Their chart library (visx) is imported
// only here, and this module only through the charts those pages load lazily, so no other page carries
// it. A point may carry a part of its value drawn over it (quotes won of quotes sent).
import { AxisBottom, AxisLeft } from '@visx/axis';
import { GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { ParentSize } from '@visx/responsive';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';

export interface BarPoint {
  key: string;
  /** The axis's label ('16 Mar'). */
  label: string;
  /** The bar's tooltip: its dates and value in words. */
  title: string;
  value: number;
  /** A part of the value drawn over it (quotes won of quotes sent). */
  part?: number;
}

// The right margin leaves room for half of the last date label, which is centred on its bar.
const MARGIN = { top: 8, right: 20, bottom: 24, left: 52 };

function Chart({
  points,
  width,
  height,
  formatValue,
}: {
  points: BarPoint[];
  width: number;
  height: number;
  formatValue: (value: number) => string;
}) {
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<string>({ domain: points.map((p) => p.key), range: [0, innerWidth], padding: 0.25 });
  const max = Math.max(1, ...points.map((p) => p.value));
  const y = scaleLinear<number>({ domain: [0, max], range: [innerHeight, 0], nice: true });
  // Labels never overlap: roughly one per 56 px, always including the latest point.
  const every = Math.max(1, Math.ceil(points.length / Math.max(1, Math.floor(innerWidth / 56))));
  const labelled = points.filter((_, i) => (points.length - 1 - i) % every === 0).map((p) => p.key);
  const labels = new Map(points.map((p) => [p.key, p.label]));
  const heightOf = (value: number) => innerHeight - (y(Math.max(0, value)) ?? innerHeight);

  return (
    // currentColor and the theme's tokens: the chart follows light and dark mode with the page.
    <svg width={width} height={height} className="text-muted-foreground" role="presentation">
      <Group left={MARGIN.left} top={MARGIN.top}>
        <GridRows scale={y} width={innerWidth} numTicks={3} stroke="var(--border)" />
        {points.map((p) => (
          <g key={p.key}>
            <title>{p.title}</title>
            <Bar
              x={x(p.key) ?? 0}
              y={innerHeight - heightOf(p.value)}
              width={x.bandwidth()}
              height={heightOf(p.value)}
              rx={2}
              className={p.part === undefined ? 'fill-primary' : 'fill-primary/35'}
            />
            {p.part !== undefined && (
              <Bar
                x={x(p.key) ?? 0}
                y={innerHeight - heightOf(p.part)}
                width={x.bandwidth()}
                height={heightOf(p.part)}
                rx={2}
                className="fill-primary"
              />
            )}
          </g>
        ))}
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
          tickFormat={(key) => labels.get(key) ?? ''}
          stroke="currentColor"
          tickStroke="currentColor"
          tickLabelProps={{ fill: 'currentColor', fontSize: 11 }}
        />
      </Group>
    </svg>
  );
}

/**
 * One bar per point, as wide as its container and `height` tall (the height its placeholder keeps while
 * this module loads). Hidden from assistive technology: its page says the same in words and a table.
 */
export function BarChart({
  points,
  formatValue,
  height,
  testId,
}: {
  points: BarPoint[];
  /** The axis's words for a value (whole numbers; pounds for money). */
  formatValue: (value: number) => string;
  height: number;
  testId: string;
}) {
  return (
    <div aria-hidden="true" style={{ height }} data-testid={testId}>
      <ParentSize debounceTime={50}>
        {({ width }) =>
          width > 0 ? <Chart points={points} width={width} height={height} formatValue={formatValue} /> : null
        }
      </ParentSize>
    </div>
  );
}
