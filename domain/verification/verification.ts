import type { DocumentKind, DocumentStatus } from '../catalog/statuses';

// DOMAIN-RULES 10: a tradesperson is verified exactly while it has an approved photo ID and an
// approved, unexpired public liability insurance document. The server keeps `verified` on the
// profile (search reads it through partial indexes) and recomputes it with the same rule in SQL on
// every decision and every day; this is the rule as the web shows it ("what you still need").

export interface VerificationDocument {
  kind: DocumentKind;
  status: DocumentStatus;
  /** 'YYYY-MM-DD', the last day the document is valid; null when it does not expire. */
  expiresOn: string | null;
}

/** Valid on `today` (a UK calendar date): approved, and not past its expiry date. */
export function isInForce(doc: VerificationDocument, today: string): boolean {
  return doc.status === 'approved' && (doc.expiresOn === null || doc.expiresOn >= today);
}

export type VerificationNeed = 'photo_id' | 'insurance';

/** What a tradesperson still needs approved to be verified; empty when verified. */
export function missingForVerification(docs: VerificationDocument[], today: string): VerificationNeed[] {
  const missing: VerificationNeed[] = [];
  if (!docs.some((d) => d.kind === 'photo_id' && isInForce(d, today))) missing.push('photo_id');
  if (!docs.some((d) => d.kind === 'insurance' && d.expiresOn !== null && isInForce(d, today))) {
    missing.push('insurance');
  }
  return missing;
}

export function isVerified(docs: VerificationDocument[], today: string): boolean {
  return missingForVerification(docs, today).length === 0;
}

/** Insurance reminders go out this many days before the expiry date, once each. */
export const INSURANCE_REMINDER_DAYS = [30, 7] as const;

/**
 * The reminder due for an insurance document expiring `expiresOn`, given the last one sent (null for
 * none): the smallest threshold already reached that is below the last one sent. A document approved
 * 5 days before expiry gets the 7-day reminder only; nothing is sent once it has expired.
 */
export function reminderDue(expiresOn: string, today: string, lastSentDays: number | null): number | null {
  const daysLeft = daysBetween(today, expiresOn);
  if (daysLeft < 0) return null;
  const reached = INSURANCE_REMINDER_DAYS.filter((d) => daysLeft <= d);
  const due = reached.at(-1);
  if (due === undefined) return null;
  return lastSentDays === null || due < lastSentDays ? due : null;
}

/** Whole days from one calendar date to another ('2026-11-23' → '2026-11-30' is 7). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
