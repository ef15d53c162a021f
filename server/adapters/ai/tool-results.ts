// What each assistant tool returns (server/modules/assistant/tools.ts writes these; the local assistant
// phrases them, the OpenAI provider hands them to the model as JSON). Amounts are pence, instants ISO
// strings, days 'YYYY-MM-DD'. Lists hold the first few rows; `total` counts them all.

/** A customer's jobs still open or in progress; a tradesperson's bookings not yet done. */
export type MyOpenJobsResult =
  | {
      for: 'customer';
      total: number;
      jobs: { title: string; status: 'open' | 'in_progress'; postedAt: string; quotesWaiting: number }[];
    }
  | {
      for: 'tradesperson';
      total: number;
      jobs: {
        title: string;
        status: 'pending' | 'confirmed';
        scheduledDate: string | null;
        customerName: string | null;
      }[];
    };

/** Quotes waiting for the customer's decision on their open jobs; a tradesperson's own pending quotes. */
export type QuotesWaitingResult =
  | { for: 'customer'; total: number; jobs: { title: string; quotes: number; lowestPence: number }[] }
  | {
      for: 'tradesperson';
      total: number;
      quotes: { jobTitle: string; amountPence: number; sentAt: string }[];
    };

/** Messages sent to the user and not read yet, by conversation, most recent first. */
export interface UnreadMessagesResult {
  total: number;
  conversations: { from: string | null; jobTitle: string | null; unread: number }[];
}

/** The user's next booking, either side: the soonest date from today, else one with no date yet. */
export interface NextBookingResult {
  booking: {
    jobTitle: string;
    status: 'pending' | 'confirmed';
    scheduledDate: string | null;
    withName: string | null;
    amountPence: number;
  } | null;
  /** Bookings pending or confirmed, all of them. */
  live: number;
}

/** Money in escrow on the user's bookings (paid by them, or to be paid to them). */
export interface MoneyHeldResult {
  for: 'customer' | 'tradesperson';
  heldPence: number;
  payments: {
    jobTitle: string;
    heldPence: number;
    /** When the protection window ends; null while a dispute freezes it or a milestone awaits approval. */
    releaseAt: string | null;
    frozen: boolean;
  }[];
  nextReleaseAt: string | null;
}
