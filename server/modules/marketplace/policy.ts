import { LIMITS } from '../../../domain/catalog/catalog';
import type { ErrorCode } from '../../../domain/errors';
import { MARKET_MESSAGES } from '../../../domain/marketplace/schemas';

// Who may see and do what with a job (DOMAIN-RULES sections 2 and 4), as pure functions.

export interface Viewer {
  id: string;
  userType: 'customer' | 'tradesperson';
  isAdmin: boolean;
}

export interface JobFacts {
  customerId: string;
  status: string;
  liveQuoteCount: number;
}

export interface TradespersonLink {
  hasQuoted: boolean;
  isBooked: boolean;
}

export type JobRelation = 'owner' | 'tradesperson' | 'admin';

/** How the viewer relates to the job, or null when the job is invisible to it (answer 404). */
export function jobRelation(viewer: Viewer, job: JobFacts, link: TradespersonLink): JobRelation | null {
  if (job.customerId === viewer.id) return 'owner';
  if (viewer.isAdmin) return 'admin';
  if (viewer.userType === 'tradesperson' && (job.status === 'open' || link.hasQuoted || link.isBooked)) {
    return 'tradesperson';
  }
  return null;
}

/** The full postcode goes to the owner, admins and the tradesperson booked on the job; others see the district. */
export function seesFullPostcode(relation: JobRelation, link: TradespersonLink): boolean {
  return relation !== 'tradesperson' || link.isBooked;
}

export type QuoteRefusal = { code: ErrorCode; status: number; message: string };

/** Why this viewer may not quote on this job now, or null when it may. */
export function quoteRefusal(
  viewer: Viewer,
  job: JobFacts,
  facts: { trade: string | null; hasQuoted: boolean },
): QuoteRefusal | null {
  if (viewer.userType !== 'tradesperson') {
    return { code: 'only_tradespeople', status: 403, message: MARKET_MESSAGES.onlyTradespeople };
  }
  if (job.customerId === viewer.id) return { code: 'own_job', status: 403, message: MARKET_MESSAGES.ownJob };
  if (job.status !== 'open') return { code: 'not_open', status: 409, message: MARKET_MESSAGES.jobNotOpen };
  if (facts.hasQuoted) return { code: 'already_quoted', status: 409, message: MARKET_MESSAGES.alreadyQuoted };
  if (job.liveQuoteCount >= LIMITS.liveQuotesPerJob) {
    return { code: 'quote_limit', status: 409, message: MARKET_MESSAGES.quoteLimit };
  }
  if (!facts.trade) return { code: 'needs_trade', status: 403, message: MARKET_MESSAGES.needsTrade };
  return null;
}
