import type { FastifyBaseLogger } from 'fastify';

/**
 * Whether this instance can reach its database, as readiness probes and failing requests find out, and
 * the one place that logs it: one line when it is lost (with the error) and one when it is back, however
 * many probes and requests fail in between. A 25-second outage once wrote 185 error lines, one per probe,
 * which buried the one that said what was wrong (issue 34).
 *
 * While it is lost, the database is pinged every `recheckMs`, so the recovery is noticed (and logged)
 * even where no balancer probes readiness.
 */
export class DatabaseAvailability {
  private lostSince: number | null = null;
  private recheck: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly ping: () => Promise<void>,
    private readonly log: FastifyBaseLogger,
    private readonly recheckMs = 1000,
  ) {}

  get available(): boolean {
    return this.lostSince === null;
  }

  /** A probe or a request failed because the database could not be reached. */
  lost(err: unknown): void {
    if (this.lostSince !== null || this.closed) return;
    this.lostSince = Date.now();
    this.log.error({ err }, 'database unavailable: readiness answers 503 and requests that need it get 503');
    this.scheduleRecheck();
  }

  /** A probe reached the database. */
  reached(): void {
    if (this.lostSince === null) return;
    const downMs = Date.now() - this.lostSince;
    this.lostSince = null;
    if (this.recheck) clearTimeout(this.recheck);
    this.recheck = null;
    this.log.info({ downMs }, 'database reachable again');
  }

  /** Stops the rechecks (the app is closing; its database closes next). */
  close(): void {
    this.closed = true;
    if (this.recheck) clearTimeout(this.recheck);
    this.recheck = null;
  }

  private scheduleRecheck(): void {
    if (this.closed) return;
    this.recheck = setTimeout(() => {
      this.ping().then(
        () => this.reached(),
        () => {
          if (this.lostSince !== null) this.scheduleRecheck();
        },
      );
    }, this.recheckMs);
    // Never what keeps a process alive.
    this.recheck.unref();
  }
}
