// Words of the dispute screens (issue 16). Their dates use lib/format's UK formatters, as the admin console does.

import type { DisputeStatus } from '@domain/catalog/statuses';
import type { DisputeParty, DisputeSummary } from '@domain/disputes/api';
import { DISPUTE_STATUS_LABELS } from '@domain/disputes/messages';
import type { Tone } from '@/components/status-badge';

export const disputeStatusLabel = (status: DisputeStatus) => DISPUTE_STATUS_LABELS[status] ?? status;

export const DISPUTE_TONES: Record<DisputeStatus, Tone> = {
  open: 'red',
  awaiting_response: 'amber',
  under_review: 'blue',
  resolved: 'green',
};

/** A party's name, or the contract's 'Deleted user' for an erased account. */
export const partyName = (name: string | null) => name?.trim() || 'Deleted user';

/** How the thread and the evidence name an author: TradeNest's staff as 'TradeNest support'. */
export function authorName(author: { name: string | null; role: string }, viewerId?: string, id?: string) {
  if (author.role === 'admin') return 'TradeNest support';
  if (viewerId && id && viewerId === id) return 'You';
  return partyName(author.name);
}

const ROLE_WORDS = { customer: 'customer', tradesperson: 'tradesperson' } as const;

/** 'Ann Smith (customer)'. */
export const partyWithRole = (party: DisputeParty) => `${partyName(party.name)} (${ROLE_WORDS[party.role]})`;

/** The booking's other party, seen from the viewer: whoever of the two is not me. */
export function otherParty(dispute: Pick<DisputeSummary, 'raisedBy' | 'respondent'>, myId: string) {
  return dispute.raisedBy.id === myId ? dispute.respondent : dispute.raisedBy;
}
