import type { DisputeStatus } from '@domain/catalog/statuses';
import type { DisputeParty } from '@domain/disputes/api';
import { DISPUTE_STATUS_LABELS } from '@domain/disputes/messages';
import { Badge } from '@/components/admin/user-badges';
import { plural } from '@/lib/format';

// How the disputes pages word a dispute's people, age and deadline.

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export const ROLE_LABELS = { customer: 'Customer', tradesperson: 'Tradesperson' } as const;

/** A party's name, or what is left of a deleted account. */
export const partyName = (party: Pick<DisputeParty, 'name'>) => party.name ?? 'Deleted user';

/** A span of time in the largest whole unit: 'less than an hour', '5 hours', '1 day', '3 days'. */
export function spanText(ms: number): string {
  if (ms < HOUR_MS) return 'less than an hour';
  if (ms < DAY_MS) return plural(Math.floor(ms / HOUR_MS), 'hour');
  return plural(Math.floor(ms / DAY_MS), 'day');
}

/** How long ago a dispute was raised: '3 days'. */
export const ageText = (createdAt: string, now = Date.now()) =>
  spanText(Math.max(0, now - new Date(createdAt).getTime()));

/** The respondent's deadline from now: 'Response due in 4 days', or 'Response overdue by 1 day'. */
export function responseDueText(dueAt: string, now = Date.now()): string {
  const left = new Date(dueAt).getTime() - now;
  return left >= 0 ? `Response due in ${spanText(left)}` : `Response overdue by ${spanText(-left)}`;
}

const STATUS_TONES = {
  open: 'blue',
  awaiting_response: 'violet',
  under_review: 'red',
  resolved: 'green',
} as const satisfies Record<DisputeStatus, string>;

/** A dispute's status, in words; the colour only repeats them. Under review is the admin's turn. */
export function DisputeStatusBadge({ status }: { status: DisputeStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{DISPUTE_STATUS_LABELS[status]}</Badge>;
}
