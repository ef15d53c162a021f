/** The PostgreSQL schema holding pg-boss's tables (jobs, queues, schedules). */
export const QUEUE_SCHEMA = 'pgboss';

/**
 * Every kind of background job the server runs, with the data it carries. Data holds ids, never
 * copies of rows: a handler reads what it needs when it runs, so a retry sees the current state.
 */
export interface Jobs {
  /** Send one row of `email_outbox`. */
  'email.deliver': { emailId: string };
  /** Hand one recorded domain event to its consumers (server/modules/events/dispatch.ts). */
  'events.dispatch': { eventId: string };
  /** Email recipients about messages still unread after 5 minutes (scheduled every minute). */
  'messaging.notify-unread': Record<string, never>;
  /** Delete sign-in throttle counters nobody has touched for a day (scheduled hourly). */
  'accounts.prune-sign-in-throttles': Record<string, never>;
  /** Release held payments whose protection window has ended (scheduled every minute). */
  'payments.release-due': Record<string, never>;
  /** Pay a tradesperson's payable balance out to its connected account, once payouts are enabled. */
  'payments.payout': { tradespersonId: string };
  /**
   * Catch up with the provider (every 10 minutes): checkouts paid whose webhook never came, payouts
   * whose transfer was interrupted, payable money of accounts that became ready.
   */
  'payments.reconcile': Record<string, never>;
  /**
   * Verification over time (daily): approved documents past their expiry date become expired, the
   * verified flag follows, insurance reminders go out 30 and 7 days before expiry.
   */
  'verification.daily': Record<string, never>;
  /** Fair reveal: publish the reviews of bookings whose 14-day window has closed (every 5 minutes). */
  'reviews.publish-due': Record<string, never>;
  /**
   * send-dispute-email: support and the respondent are emailed about a new dispute, and the
   * respondent's 7 days to respond start.
   */
  'disputes.send-email': { disputeId: string };
  /** Disputes whose respondent let the 7 days pass go to review (every 5 minutes). */
  'disputes.deadline': Record<string, never>;
  /** Remind both sides of confirmed bookings on tomorrow's date, in the UK, once each (hourly). */
  'scheduling.remind-due': Record<string, never>;
  /** Remove photos uploaded more than a day ago and never attached to a job or change (hourly). */
  'photos.remove-stale': Record<string, never>;
  /** Email people about support replies still unread after 10 minutes (scheduled every minute). */
  'support.notify-unread': Record<string, never>;
  /** Book the visits of active plans that fall within the next 14 days, each once (hourly). */
  'subscriptions.book-due': Record<string, never>;
  /** Charge booked visits whose charge (or retry) is due, into escrow (every 10 minutes). */
  'subscriptions.charge-due': Record<string, never>;
  /** The sandbox provider delivers one webhook to the app (retried like the real provider's). */
  'payments.sandbox-webhook': { eventId: string };
}

export type JobName = keyof Jobs;

/** How a queue treats its jobs; stored with the queue when it is created. */
export interface QueuePolicy {
  /** Retries after the first attempt. */
  retryLimit: number;
  /** Seconds before the first retry; with backoff each retry waits about twice as long as the last. */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** An attempt still running after this long is counted as failed (its process died) and retried. */
  expireInSeconds: number;
  /** Jobs one instance fetches and runs at once. */
  batchSize: number;
  /** Send jobs that exhaust their retries to `<name>.dead`, where an `onDead` handler can act on them. */
  deadLetter: boolean;
}

export type QueuePolicies<Catalogue> = { [Name in keyof Catalogue]: QueuePolicy };

/**
 * A scheduled job that is not retried, fetched one at a time: its next tick does what a failed run left, so a
 * retry would only run it twice. Counted as failed after `expireInSeconds`.
 */
const notRetried = (expireInSeconds: number): QueuePolicy => ({
  retryLimit: 0,
  retryDelaySeconds: 0,
  retryBackoff: false,
  expireInSeconds,
  batchSize: 1,
  deadLetter: false,
});

export const JOB_POLICIES: QueuePolicies<Jobs> = {
  // Retries after 30-60 s, then 1-2, 2-4, 4-8 and 8-16 minutes (random within each range, so instances
  // do not retry in step): long enough for an SMTP outage to pass.
  'email.deliver': {
    retryLimit: 5,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 120,
    batchSize: 10,
    deadLetter: true,
  },
  // Consumers are idempotent, so a retry after a crash or a database hiccup repeats nothing visible.
  // Quick first retries: a notification is only useful while it is news.
  'events.dispatch': {
    retryLimit: 6,
    retryDelaySeconds: 5,
    retryBackoff: true,
    expireInSeconds: 60,
    batchSize: 20,
    deadLetter: true,
  },
  // Runs every minute anyway: a failed run is simply picked up by the next one.
  'messaging.notify-unread': notRetried(120),
  // Hourly anyway; stale counters only take space.
  'accounts.prune-sign-in-throttles': notRetried(300),
  // Every minute anyway; a failed run's payments are picked up by the next.
  'payments.release-due': notRetried(300),
  // A provider outage: retry for about an hour; the reconciliation job picks up what is still pending.
  'payments.payout': {
    retryLimit: 8,
    retryDelaySeconds: 15,
    retryBackoff: true,
    expireInSeconds: 120,
    batchSize: 5,
    deadLetter: true,
  },
  'payments.reconcile': notRetried(600),
  // Daily, and every step is idempotent: a failed run is retried within the hour, then by tomorrow's.
  'verification.daily': {
    retryLimit: 3,
    retryDelaySeconds: 300,
    retryBackoff: true,
    expireInSeconds: 900,
    batchSize: 1,
    deadLetter: false,
  },
  // Every 5 minutes anyway, and publishing is idempotent.
  'reviews.publish-due': notRetried(300),
  // Retried: support must hear of every dispute. Idempotent (the emails are keyed by the dispute).
  'disputes.send-email': {
    retryLimit: 10,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 60,
    batchSize: 1,
    deadLetter: true,
  },
  // Every 5 minutes anyway, and moving a dispute to review is idempotent.
  'disputes.deadline': notRetried(300),
  // Hourly anyway, and a reminder is claimed once: the next run picks up what a failed one left.
  'scheduling.remind-due': notRetried(300),
  // Hourly anyway, and a stale photo is deleted once: the next run picks up what a failed one left.
  'photos.remove-stale': notRetried(300),
  // Every minute anyway, and a reply is emailed about once (claimed by notified_at).
  'support.notify-unread': notRetried(120),
  // Hourly anyway, and a visit is booked once (its nominal date is unique per plan).
  'subscriptions.book-due': notRetried(600),
  // Every 10 minutes anyway; a charge is keyed by its payment, so a crashed run's charge is driven again.
  'subscriptions.charge-due': notRetried(600),
  // The real provider retries a failed webhook for days with growing gaps; the sandbox for about a day.
  'payments.sandbox-webhook': {
    retryLimit: 12,
    retryDelaySeconds: 5,
    retryBackoff: true,
    expireInSeconds: 60,
    batchSize: 20,
    deadLetter: true,
  },
};

/** Cron schedules (UTC), one job per tick across all instances. */
export const JOB_SCHEDULES: { [Name in JobName]?: string } = {
  'messaging.notify-unread': '* * * * *',
  'accounts.prune-sign-in-throttles': '17 * * * *',
  'payments.release-due': '* * * * *',
  'payments.reconcile': '*/10 * * * *',
  // 00:05 UTC is after midnight in London in winter and summer, so 'today' has already moved on.
  'verification.daily': '5 0 * * *',
  'reviews.publish-due': '*/5 * * * *',
  'disputes.deadline': '*/5 * * * *',
  // Hourly, so a booking confirmed or moved to tomorrow later in the day is still reminded today.
  'scheduling.remind-due': '23 * * * *',
  'photos.remove-stale': '41 * * * *',
  'support.notify-unread': '* * * * *',
  'subscriptions.book-due': '11 * * * *',
  'subscriptions.charge-due': '*/10 * * * *',
};

/** The queue a queue's jobs go to once they have exhausted their retries. */
export const deadLetterOf = (name: string) => `${name}.dead`;

/** How pg-boss stores one queue: what `createQueue` and `updateQueue` are given. */
export interface QueueDefinition {
  name: string;
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  expireInSeconds: number;
  retentionMinutes?: number;
  deadLetter?: string;
}

/**
 * Every queue the policies call for, each dead-letter queue before the queue that sends to it (pg-boss
 * refuses a dead letter that does not exist). The server creates them at start; the embedded
 * database's template holds them already, so a first start does not pay for their tables.
 */
export function queueDefinitions<Catalogue>(policies: QueuePolicies<Catalogue>): QueueDefinition[] {
  const definitions: QueueDefinition[] = [];
  for (const name of Object.keys(policies) as (keyof Catalogue & string)[]) {
    const policy: QueuePolicy = policies[name];
    const settings = {
      name,
      retryLimit: policy.retryLimit,
      retryDelay: policy.retryDelaySeconds,
      retryBackoff: policy.retryBackoff,
      expireInSeconds: policy.expireInSeconds,
    };
    if (policy.deadLetter) {
      // Dead jobs are kept two weeks for inspection; an onDead handler gets the same retries.
      definitions.push({ ...settings, name: deadLetterOf(name), retentionMinutes: 14 * 24 * 60 });
    }
    definitions.push({ ...settings, ...(policy.deadLetter ? { deadLetter: deadLetterOf(name) } : {}) });
  }
  return definitions;
}
