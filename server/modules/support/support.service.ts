import type { EventBus } from '../../adapters/event-bus';
import type { Config } from '../../config/config';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { EventOutbox } from '../../queue/outbox';

export interface SupportDeps {
  db: Database;
  config: Config;
  clock: Clock;
  bus: EventBus;
  events: EventOutbox;
}

/** Emails people whose support reply waits unread (the every-minute job). FOUNDATION: returns 0. */
export async function notifyUnreadSupportReplies(_deps: SupportDeps): Promise<number> {
  return 0;
}
