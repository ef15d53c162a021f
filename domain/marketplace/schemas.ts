import { z } from 'zod';
import { JOB_CATEGORIES, LIMITS } from '../catalog/catalog';
import { postcodeSchema } from '../geo/postcode';
import { formatPence, parsePoundsToPence } from '../payments/money';
import { AttachedPhotos } from '../photos/api';
import { londonToday } from './ages';
import { LineItemsInput, priceLines } from './pricing';

// Post a Job and quote rules (spec section 5), shared by the form and the API.
export const JOB_MESSAGES = {
  titleShort: 'Title must be at least 5 characters',
  titleLong: 'Title must be less than 100 characters',
  descriptionShort: 'Description must be at least 20 characters',
  descriptionLong: 'Description must be less than 2000 characters',
  category: 'Please select a category',
  budgetPositive: 'Budget must be a positive number',
  budgetOrder: 'Maximum budget must be greater than or equal to minimum budget',
  startDatePast: 'Start date cannot be in the past',
  startDateInvalid: 'Please enter a valid date',
} as const;

export const QUOTE_MESSAGES = {
  amountRequired: 'Please enter an amount',
  amountInvalid: 'Enter an amount in pounds, like 250 or 249.99',
  amountPositive: 'The amount must be more than £0',
  amountTooLarge: 'The amount must be at most £1,000,000',
  messageRequired: 'Please enter a message',
  messageLong: 'Message must be less than 2000 characters',
  amountMismatch: (totalPence: number) =>
    `The amount must equal the items' total of ${formatPence(totalPence)}, or be left out`,
  dateInvalid: 'Please enter a valid date',
  validUntilPast: 'A quote must be valid until today or later',
  validUntilTooFar: 'A quote can be valid for at most a year',
  startPast: 'The estimated start cannot be in the past',
  startTooFar: 'The estimated start must be within a year from today',
  exclusionsLong: 'Exclusions must be at most 2000 characters',
  duration: 'Estimated duration must be a whole number of days from 1 to 365',
  expired: 'This quote has expired: ask the tradesperson to revise it with a new date',
} as const;

export const QUOTE_LIMITS = { messageMax: 2000, exclusionsMax: 2000, durationDaysMax: 365 } as const;

// Exported here too, beside the "not in the past" rules that use it; ages.ts, without zod, is for lists.
export { londonToday };

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Whether 'YYYY-MM-DD' names a real day ('2027-02-29', '2026-13-01' and '2027-04-31' do not). The
 * pattern alone let such dates through to PostgreSQL, which refused them with a 500; `Date.parse`
 * is no check either, as it takes '2027-02-30'. Year 0 does not exist in PostgreSQL's calendar.
 */
export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}

/** The same day a year later ('YYYY-MM-DD'); 29 February becomes 28 February. */
export function aYearAfter(date: string): string {
  const year = String(Number(date.slice(0, 4)) + 1).padStart(4, '0');
  const monthDay = date.slice(5);
  return `${year}-${monthDay === '02-29' ? '02-28' : monthDay}`;
}

// Budgets arrive as whole pounds (a form field's text or a number); empty means none.
const budget = z
  .union([z.number(), z.string().max(LIMITS.formValueMax, JOB_MESSAGES.budgetPositive), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return null;
    const n = typeof v === 'number' ? v : Number(v.trim());
    if (!Number.isFinite(n) || n < 0 || !Number.isInteger(n) || n > 10_000_000) {
      ctx.addIssue({ code: 'custom', message: JOB_MESSAGES.budgetPositive });
      return z.NEVER;
    }
    return n * 100;
  });

/** A job's own details: what Post a Job takes and an edit may change. */
function jobDetailsShape(today: () => string) {
  return {
    title: z
      .string({ error: JOB_MESSAGES.titleShort })
      .trim()
      .min(LIMITS.jobTitleMin, JOB_MESSAGES.titleShort)
      .max(LIMITS.jobTitleMax, JOB_MESSAGES.titleLong),
    category: z.enum(JOB_CATEGORIES, { error: JOB_MESSAGES.category }),
    description: z
      .string({ error: JOB_MESSAGES.descriptionShort })
      .trim()
      .min(LIMITS.jobDescriptionMin, JOB_MESSAGES.descriptionShort)
      .max(LIMITS.jobDescriptionMax, JOB_MESSAGES.descriptionLong),
    budgetMin: budget,
    budgetMax: budget,
    postcode: postcodeSchema,
    preferredStartDate: z
      .union([z.string().max(LIMITS.formValueMax, JOB_MESSAGES.startDateInvalid), z.null()])
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === null || v.trim() === '') return null;
        const d = v.trim();
        if (!isCalendarDate(d)) {
          ctx.addIssue({ code: 'custom', message: JOB_MESSAGES.startDateInvalid });
          return z.NEVER;
        }
        if (d < today()) {
          ctx.addIssue({ code: 'custom', message: JOB_MESSAGES.startDatePast });
          return z.NEVER;
        }
        return d;
      }),
  };
}

function budgetsInOrder(
  job: { budgetMin: number | null; budgetMax: number | null },
  ctx: z.RefinementCtx,
): void {
  if (job.budgetMin !== null && job.budgetMax !== null && job.budgetMax < job.budgetMin) {
    ctx.addIssue({ code: 'custom', path: ['budgetMax'], message: JOB_MESSAGES.budgetOrder });
  }
}

/** The Post a Job body. `today` decides what "in the past" means (London date by default). */
export function postJobSchema(today: () => string = () => londonToday()) {
  return z
    .object({
      ...jobDetailsShape(today),
      /** Set when the job is a quote request from one tradesperson's profile. */
      invitedTradespersonId: z.uuid().nullish(),
      /** Photos uploaded beforehand (POST /photos), in the order to show them, with their captions. */
      photos: AttachedPhotos.optional(),
    })
    .superRefine(budgetsInOrder);
}
export const PostJobBody = postJobSchema();
export type PostJobInput = z.input<typeof PostJobBody>;
export type PostJob = z.output<typeof PostJobBody>;

/**
 * Editing an open job (PATCH /jobs/:id): `photos` replaces the job's list (any time it is open);
 * `details`, validated as when posting, replaces its text fields (only while it has no quotes).
 */
export function editJobSchema(today: () => string = () => londonToday()) {
  return z.object({
    photos: AttachedPhotos.optional(),
    details: z.object(jobDetailsShape(today)).superRefine(budgetsInOrder).optional(),
  });
}
export const EditJobBody = editJobSchema();
export type EditJobInput = z.input<typeof EditJobBody>;
export type EditJob = z.output<typeof EditJobBody>;

/** Pounds with at most 2 decimals, more than 0 and at most £1,000,000; becomes pence. */
export const quoteAmount = z
  .union([z.string().max(LIMITS.formValueMax, QUOTE_MESSAGES.amountInvalid), z.number()], {
    error: QUOTE_MESSAGES.amountRequired,
  })
  .transform((v, ctx) => {
    if (typeof v === 'string' && v.trim() === '') {
      ctx.addIssue({ code: 'custom', message: QUOTE_MESSAGES.amountRequired });
      return z.NEVER;
    }
    const parsed = parsePoundsToPence(v);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: QUOTE_MESSAGES.amountInvalid });
      return z.NEVER;
    }
    if (parsed.pence <= 0) {
      ctx.addIssue({ code: 'custom', message: QUOTE_MESSAGES.amountPositive });
      return z.NEVER;
    }
    if (parsed.pence > LIMITS.quoteMaxPence) {
      ctx.addIssue({ code: 'custom', message: QUOTE_MESSAGES.amountTooLarge });
      return z.NEVER;
    }
    return parsed.pence;
  });

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** An optional 'YYYY-MM-DD' between today and a year from today (UK calendar); blank becomes null. */
function optionalDate(today: () => string, messages: { past: string; tooFar: string }) {
  return z
    .union([z.string().max(LIMITS.formValueMax, QUOTE_MESSAGES.dateInvalid), z.null()])
    .optional()
    .transform((v, ctx) => {
      if (isBlank(v)) return null;
      const date = (v as string).trim();
      const issue = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      if (!isCalendarDate(date)) return issue(QUOTE_MESSAGES.dateInvalid);
      const first = today();
      if (date < first) return issue(messages.past);
      if (date > aYearAfter(first)) return issue(messages.tooFar);
      return date;
    });
}

const durationDays = z
  .union([z.number(), z.string().max(LIMITS.formValueMax, QUOTE_MESSAGES.duration), z.null()], {
    error: QUOTE_MESSAGES.duration,
  })
  .optional()
  .transform((v, ctx) => {
    if (isBlank(v)) return null;
    const n = typeof v === 'number' ? v : Number((v as string).trim());
    if (!Number.isInteger(n) || n < 1 || n > QUOTE_LIMITS.durationDaysMax) {
      ctx.addIssue({ code: 'custom', message: QUOTE_MESSAGES.duration });
      return z.NEVER;
    }
    return n;
  });

/**
 * A quote, sent and revised (docs/api/quotes.md). The spec's `{ amount, message }` works as ever: a
 * one-figure quote, VAT-inclusive as typed. With `lineItems` the total is computed from them
 * (domain/marketplace/pricing.ts) and becomes the amount; an `amount` sent beside them must equal it.
 * Whether the sender may charge VAT depends on their profile, which the service checks.
 */
export function quoteSchema(today: () => string = () => londonToday()) {
  return z
    .object({
      // Blank is allowed here and decided below: a quote needs an amount only when it has no items.
      amount: z
        .union([z.string().max(LIMITS.formValueMax, QUOTE_MESSAGES.amountInvalid), z.number(), z.null()], {
          error: QUOTE_MESSAGES.amountInvalid,
        })
        .optional()
        .transform((v, ctx) => {
          if (isBlank(v)) return null;
          const parsed = quoteAmount.safeParse(v);
          if (parsed.success) return parsed.data;
          for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
          return z.NEVER;
        }),
      message: z
        .string({ error: QUOTE_MESSAGES.messageRequired })
        .trim()
        .min(1, QUOTE_MESSAGES.messageRequired)
        .max(QUOTE_LIMITS.messageMax, QUOTE_MESSAGES.messageLong),
      lineItems: LineItemsInput.nullish(),
      validUntil: optionalDate(today, {
        past: QUOTE_MESSAGES.validUntilPast,
        tooFar: QUOTE_MESSAGES.validUntilTooFar,
      }),
      estimatedStart: optionalDate(today, {
        past: QUOTE_MESSAGES.startPast,
        tooFar: QUOTE_MESSAGES.startTooFar,
      }),
      estimatedDurationDays: durationDays,
      exclusions: z
        .union([z.string().max(QUOTE_LIMITS.exclusionsMax + 1000, QUOTE_MESSAGES.exclusionsLong), z.null()])
        .optional()
        .transform((v, ctx) => {
          const text = v?.trim() ?? '';
          if (text.length > QUOTE_LIMITS.exclusionsMax) {
            ctx.addIssue({ code: 'custom', message: QUOTE_MESSAGES.exclusionsLong });
            return z.NEVER;
          }
          return text === '' ? null : text;
        }),
    })
    .superRefine((quote, ctx) => {
      // Runs even when the message is refused, so both fields say what is wrong at once; the amount is
      // the form's first field, so its message goes first, as the toast shows the first one.
      if (!quote.lineItems && quote.amount === null) {
        ctx.issues.unshift({
          code: 'custom',
          path: ['amount'],
          message: QUOTE_MESSAGES.amountRequired,
          input: quote.amount,
        });
      }
      if (quote.lineItems && quote.amount !== null) {
        const totalPence = priceLines(quote.lineItems).totalPence;
        if (quote.amount !== totalPence) {
          ctx.addIssue({
            code: 'custom',
            path: ['amount'],
            message: QUOTE_MESSAGES.amountMismatch(totalPence),
          });
        }
      }
    })
    .transform((quote) => {
      const lineItems = quote.lineItems ?? null;
      // With items the amount is their total; without, the superRefine above made sure there is one.
      const amount = lineItems ? priceLines(lineItems).totalPence : (quote.amount as number);
      return { ...quote, lineItems, amount };
    });
}
export const QuoteBody = quoteSchema();
export type QuoteInput = z.input<typeof QuoteBody>;
export type Quote = z.output<typeof QuoteBody>;

export const BOOKING_MESSAGES = {
  dateRequired: 'Please select a date',
  datePast: 'Please choose a date from today onwards',
  dateTooFar: 'Please choose a date no more than a year from today',
} as const;

/**
 * The last day the booking calendar offers, and the API accepts: a year from today. The spec only
 * disables past days; a date years ahead is a typo or a probe, never a plan a tradesperson can confirm.
 */
export const latestBookingDate = (today: string) => aYearAfter(today);

/**
 * The booking screen's body. A date that is not on the calendar gets the spec's 'Please select a
 * date' (the calendar never offers one), then it must fall between today and a year from today (UK
 * calendar; `today` is injected so tests can fix it).
 */
export function createBookingSchema(today: () => string = () => londonToday()) {
  return z.object({
    quoteId: z.uuid({ error: BOOKING_MESSAGES.dateRequired }),
    scheduledDate: z
      .string({ error: BOOKING_MESSAGES.dateRequired })
      // DATE_PATTERN is exactly 10 characters; said as a bound too, for the API document.
      .max(10, { error: BOOKING_MESSAGES.dateRequired, abort: true })
      .regex(DATE_PATTERN, { error: BOOKING_MESSAGES.dateRequired, abort: true })
      .superRefine((date, ctx) => {
        const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
        if (!isCalendarDate(date)) return issue(BOOKING_MESSAGES.dateRequired);
        const first = today();
        if (date < first) return issue(BOOKING_MESSAGES.datePast);
        if (date > latestBookingDate(first)) return issue(BOOKING_MESSAGES.dateTooFar);
      }),
  });
}
export const CreateBookingBody = createBookingSchema();

/** Texts the API answers with for the marketplace rules. */
export const MARKET_MESSAGES = {
  jobNotFound: 'Job not found',
  alreadyAccepted: 'A quote has already been accepted for this job',
  quoteLimit: 'This job already has 3 quotes, the most it can take',
  alreadyQuoted: 'You have already quoted for this job',
  jobNotOpen: 'This job is no longer taking quotes',
  ownJob: 'You cannot quote on your own job',
  needsTrade: 'Add your trade to your profile before quoting',
  onlyTradespeople: 'Only tradespeople can quote for jobs',
  onlyCustomers: 'Only customers can post jobs',
  notPending: 'Only a pending quote can be changed',
  bookingState: 'This booking cannot do that in its current state',
  editHasQuotes: 'A job can only be edited while it has no quotes',
  editNotOpen: 'Only an open job can be edited',
} as const;
