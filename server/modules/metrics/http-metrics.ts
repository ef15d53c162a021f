import { type CollectedMetric, collected, type MetricValue } from './collected';

/** The label of requests that matched no route: the web app's pages (served by the not-found handler) and 404s. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Upper bounds of the duration histogram, in seconds (prom-client's defaults). */
export const DURATION_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;
const BOUNDS_MS = DURATION_BUCKETS_S.map((s) => s * 1000);
const LE = DURATION_BUCKETS_S.map(String);

/** One label set's figures: request count, summed duration and per-bucket counts (not cumulative). */
class Series {
  count = 0;
  sumMs = 0;
  readonly buckets = new Float64Array(BOUNDS_MS.length);
  readonly labels: { route: string; method: string; status: string };

  constructor(route: string, method: string, status: number) {
    this.labels = { route, method, status: String(status) };
  }
}

/**
 * Request count and duration by route pattern, method and status. Counted here rather than with
 * prom-client's Histogram because its `observe`, even on a child made once by `labels()`, validates and
 * hashes the labels into a string key on every call; here a request costs three Map lookups on values it
 * already has (the route's pattern, the method and status code), a short loop over the bounds and three
 * additions. The figures become prom-client metrics only when scraped.
 */
export class RequestMetrics {
  private readonly byRoute = new Map<string, Map<string, Map<number, Series>>>();

  /** `route` is the route's pattern (never the URL: ids would make a series each), or undefined for none. */
  observe(route: string | undefined, method: string, status: number, ms: number): void {
    const key = route ?? UNMATCHED_ROUTE;
    let byMethod = this.byRoute.get(key);
    if (!byMethod) {
      byMethod = new Map();
      this.byRoute.set(key, byMethod);
    }
    let byStatus = byMethod.get(method);
    if (!byStatus) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let series = byStatus.get(status);
    if (!series) {
      series = new Series(key, method, status);
      byStatus.set(status, series);
    }
    series.count++;
    series.sumMs += ms;
    for (let i = 0; i < BOUNDS_MS.length; i++) {
      if (ms <= BOUNDS_MS[i]!) {
        series.buckets[i]!++;
        break;
      }
    }
  }

  /** The two metrics prom-client's Registry renders: `http_requests_total` and `http_request_duration_seconds`. */
  metrics(): CollectedMetric[] {
    return [
      collected(
        'http_requests_total',
        'HTTP requests answered, by route pattern, method and status',
        'counter',
        () => this.all().map((s) => ({ value: s.count, labels: s.labels })),
      ),
      collected(
        'http_request_duration_seconds',
        'Time from routing a request to the end of its response, by route pattern, method and status',
        'histogram',
        () => {
          const values: MetricValue[] = [];
          for (const s of this.all()) {
            let cumulative = 0;
            for (let i = 0; i < LE.length; i++) {
              cumulative += s.buckets[i]!;
              values.push({
                metricName: 'http_request_duration_seconds_bucket',
                labels: { ...s.labels, le: LE[i]! },
                value: cumulative,
              });
            }
            values.push(
              {
                metricName: 'http_request_duration_seconds_bucket',
                labels: { ...s.labels, le: '+Inf' },
                value: s.count,
              },
              { metricName: 'http_request_duration_seconds_sum', labels: s.labels, value: s.sumMs / 1000 },
              { metricName: 'http_request_duration_seconds_count', labels: s.labels, value: s.count },
            );
          }
          return values;
        },
      ),
    ];
  }

  private all(): Series[] {
    const all: Series[] = [];
    for (const byMethod of this.byRoute.values())
      for (const byStatus of byMethod.values()) for (const s of byStatus.values()) all.push(s);
    return all;
  }
}
