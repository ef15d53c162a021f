/** prom-client's metric types, as its Registry writes them in `# TYPE`. */
export type MetricType = 'counter' | 'gauge' | 'histogram';

export interface MetricValue {
  value: number;
  labels?: Record<string, string>;
  /** For a histogram's `_bucket`, `_sum` and `_count` lines. */
  metricName?: string;
}

/**
 * A metric as prom-client's Registry asks for it (`registerMetric` renders any object that answers
 * `get()`): the figures are kept as plain numbers where they happen and read only when scraped, so
 * neither prom-client nor its per-call label handling is on any request's path, and prom-client itself
 * (about 120 ms to load) is loaded only by a scrape.
 */
export interface CollectedMetric {
  name: string;
  help: string;
  type: MetricType;
  aggregator: 'sum';
  get(): Promise<{ name: string; help: string; type: MetricType; values: MetricValue[]; aggregator: 'sum' }>;
}

export function collected(
  name: string,
  help: string,
  type: MetricType,
  values: () => MetricValue[] | Promise<MetricValue[]>,
): CollectedMetric {
  return {
    name,
    help,
    type,
    aggregator: 'sum',
    get: async () => ({ name, help, type, aggregator: 'sum', values: await values() }),
  };
}
