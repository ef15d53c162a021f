import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { ChartPoint } from './analytics-chart';
import { ANALYTICS_CHART_HEIGHT } from './chart-size';

const AnalyticsChart = lazy(() => import('./analytics-chart'));

export interface ChartTable {
  /** The first column's heading, then one per figure. */
  headings: string[];
  rows: { key: string; cells: string[] }[];
}

/** The chart's place while its code loads: the same height, so nothing below moves. */
function ChartPlaceholder() {
  return (
    <div
      aria-hidden="true"
      style={{ height: ANALYTICS_CHART_HEIGHT }}
      className="animate-pulse rounded-lg bg-muted motion-reduce:animate-none"
    />
  );
}

/**
 * One chart of the page, with its text alternative: a summary in words under it and, behind "Show as
 * table", every point's figures. `id` is the section's anchor (the dashboard's stat cards link to it).
 * Without a figure in the period, the section says what to do to get the first one instead.
 */
export function ChartSection({
  id,
  title,
  summary,
  points,
  formatValue,
  table,
  empty,
}: {
  id: string;
  title: string;
  summary: string;
  points: ChartPoint[];
  formatValue: (value: number) => string;
  table: ChartTable;
  empty: ReactNode | null;
}) {
  const [showTable, setShowTable] = useState(false);
  const headingId = useId();
  const tableId = useId();
  return (
    <section
      id={id}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="scroll-mt-20 rounded-xl border border-border bg-card p-4 shadow-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {empty ? (
        <div className="mt-3 flex min-h-[12.5rem] flex-col items-center justify-center gap-3 text-center text-sm text-muted-foreground">
          {empty}
        </div>
      ) : (
        <figure className="mt-3">
          <Suspense fallback={<ChartPlaceholder />}>
            <AnalyticsChart points={points} formatValue={formatValue} />
          </Suspense>
          <figcaption className="mt-2 text-sm text-muted-foreground">{summary}</figcaption>
          <Button
            variant="outline"
            size="sm"
            className="mt-3"
            aria-expanded={showTable}
            aria-controls={tableId}
            onClick={() => setShowTable((shown) => !shown)}
          >
            {showTable ? 'Hide table' : 'Show as table'}
          </Button>
          <div id={tableId} hidden={!showTable} className="mt-3 overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr className="border-b border-border text-left">
                  {table.headings.map((heading, i) => (
                    <th key={heading} scope="col" className={i === 0 ? 'py-2 pr-4' : 'py-2 pr-4 text-right'}>
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row) => (
                  <tr key={row.key} className="border-b border-border last:border-0">
                    <th scope="row" className="py-1.5 pr-4 text-left font-normal">
                      {row.cells[0]}
                    </th>
                    {row.cells.slice(1).map((cell, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in order
                      <td key={i} className="py-1.5 pr-4 text-right tabular-nums">
                        {cell}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </figure>
      )}
    </section>
  );
}
