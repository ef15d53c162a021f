// Milestone plans and their payments as pure rules (DOMAIN-RULES 6), shared by the server, which
// enforces them under the booking's lock, and the web, which explains them before anyone presses.
import type { MilestoneStatus } from '../catalog/statuses';
import { aYearAfter, isCalendarDate } from '../marketplace/schemas';
import { platformFeePence } from '../payments/money';
import { MILESTONE_MESSAGES as M, MILESTONE_RULES as R, sumMismatch } from './messages';

export interface PlanItemInput {
  title: string;
  description?: string | null | undefined;
  amountPence: number;
  dueDate: string;
}

/** A refusal of a plan, on the field that causes it (`milestones.2.amountPence`, or `milestones`). */
export interface PlanIssue {
  path: (string | number)[];
  message: string;
}

/**
 * Everything wrong with a proposed plan for a booking of `bookingAmountPence`, on UK date `today`:
 * titles, amounts of at least £1, due dates from today to a year ahead in order, and amounts that add
 * up to the booking's exactly. Empty when the plan may be proposed.
 */
export function planIssues(
  items: PlanItemInput[],
  ctx: { bookingAmountPence: number; today: string },
): PlanIssue[] {
  const issues: PlanIssue[] = [];
  if (items.length < R.minMilestones) issues.push({ path: ['milestones'], message: M.tooFew });
  if (items.length > R.maxMilestones) issues.push({ path: ['milestones'], message: M.tooMany });
  const last = aYearAfter(ctx.today);
  let previousDue: string | null = null;
  items.forEach((item, i) => {
    const at = (field: string, message: string) => issues.push({ path: ['milestones', i, field], message });
    const title = item.title.trim();
    if (title.length < R.titleMin) at('title', M.titleShort);
    else if (title.length > R.titleMax) at('title', M.titleLong);
    if ((item.description ?? '').trim().length > R.descriptionMax) at('description', M.descriptionLong);
    if (!Number.isSafeInteger(item.amountPence) || item.amountPence <= 0) at('amountPence', M.amountInvalid);
    else if (item.amountPence < R.minAmountPence) at('amountPence', M.amountSmall);
    if (!isCalendarDate(item.dueDate)) at('dueDate', M.dueDateRequired);
    else if (item.dueDate < ctx.today) at('dueDate', M.dueDatePast);
    else if (item.dueDate > last) at('dueDate', M.dueDateTooFar);
    else if (previousDue && item.dueDate < previousDue) at('dueDate', M.dueDateOrder);
    if (isCalendarDate(item.dueDate)) previousDue = item.dueDate;
  });
  const amountsValid = items.every((m) => Number.isSafeInteger(m.amountPence) && m.amountPence > 0);
  const sum = items.reduce((s, m) => s + (Number.isSafeInteger(m.amountPence) ? m.amountPence : 0), 0);
  if (amountsValid && items.length > 0 && sum !== ctx.bookingAmountPence)
    issues.push({ path: ['milestones'], message: sumMismatch(ctx.bookingAmountPence, sum) });
  return issues;
}

/** The 15% platform fee each milestone carries (platform_fee_amount), taken when it is released. */
export const milestoneFeePence = (amountPence: number) => platformFeePence(amountPence);

/** The page's totals: everything planned, what is paid (held or released), and what is left to pay. */
export function milestoneTotals(milestones: { amountPence: number; status: MilestoneStatus }[]) {
  const sum = (statuses: MilestoneStatus[]) =>
    milestones.filter((m) => statuses.includes(m.status)).reduce((s, m) => s + m.amountPence, 0);
  return {
    totalPence: sum(['pending', 'processing', 'paid', 'failed', 'refunded']),
    paidPence: sum(['paid']),
    remainingPence: sum(['pending', 'processing', 'failed']),
  };
}

/** A milestone the customer may (try to) pay: not paid yet, and no charge of it under way. */
export const isPayable = (status: MilestoneStatus) => status === 'pending' || status === 'failed';

/** Booking statuses in which milestones may be paid (a dispute freezes them; see DOMAIN-RULES 9). */
export const PAYABLE_BOOKING_STATUSES = ['confirmed', 'completed'] as const;

/** A card is usable until the end of its expiry month. */
export function cardExpired(card: { expMonth: number; expYear: number }, now: Date): boolean {
  return card.expYear * 12 + (card.expMonth - 1) < now.getUTCFullYear() * 12 + now.getUTCMonth();
}
