import { z } from 'zod';
import { Text } from './fields';

// Every `code` the API can answer in `{ error: { code, message, details } }`, closed: the server cannot
// throw a code missing here, and the web cannot branch on one (a misspelt code fails the typecheck).
// Each code keeps one meaning and one HTTP status; the comments give them.
export const ERROR_CODES = [
  // Any capability.
  'validation_error', // 400: input refused; `message` is the first problem, `details` [{ field, message }]
  'not_found', // 404: missing, or hidden from this caller
  'unauthenticated', // 401: sign in first
  'cross_site_request', // 403: a state-changing request from another site (CSRF)
  'rate_limited', // 429: too many API requests from this address
  'bad_request', // 400: not understood (invalid JSON and other malformed requests)
  'method_not_allowed', // 405
  'not_acceptable', // 406
  'payload_too_large', // 413: larger than BODY_LIMIT_BYTES
  'unsupported_media_type', // 415
  'internal_error', // 500: says nothing internal; the log has the request id
  'not_ready', // 503: readiness: the database does not answer, or the instance is shutting down
  'shutting_down', // 503: the instance stopped taking requests (a restart); send it again, to another instance
  'service_unavailable', // 503: the database cannot be reached for now; try again after Retry-After
  // accounts
  'email_taken', // 409
  'invalid_credentials', // 401
  'too_many_attempts', // 429: failed sign-ins
  'account_suspended', // 403
  'invalid_token', // 400: verification link invalid or expired
  'too_soon', // 429: verification email asked for again within a minute
  'wrong_password', // 400: current password not correct
  // marketplace
  'only_customers', // 403
  'only_tradespeople', // 403
  'own_job', // 403: quoting on one's own job
  'needs_trade', // 403: a tradesperson without a trade cannot quote
  'not_open', // 409: the job is no longer open
  'already_quoted', // 409
  'quote_limit', // 409: the job has its 3 live quotes
  'not_pending', // 409: the quote or document is no longer pending
  'already_accepted', // 409: the job already has an accepted quote
  'not_allowed', // 403: only the other party to the booking can do that
  'booking_state', // 409: the booking cannot make that move from its status
  'quote_expired', // 409: the quote is past its valid-until date; the tradesperson may revise it with a new one
  // profiles
  'too_many_pending', // 409: documents waiting for review
  'file_too_large', // 413: an upload over its own limit
  // messaging
  'recipient_inactive', // 409: the other person's account was deleted or suspended
  // payments
  'payment_state', // 409: the booking or payment cannot make that move now (not ready, already paid, frozen…)
  'card_declined', // 402: the sandbox checkout's card was declined or failed authentication
  'provider_unavailable', // 502: the payment provider could not be reached or refused the call
  'invalid_signature', // 400: a webhook whose signature does not verify
  // admin
  'document_changed', // 409: the document changed since the admin read it (its version moved on)
  'not_decidable', // 409: the document's status does not allow that decision
  'account_state', // 409: the account cannot make that move (suspend oneself or an admin, twice …)
  // reviews
  'not_reviewable', // 409: the booking is not completed and paid, or its review window has closed
  'already_reviewed', // 409: this side has reviewed the booking
  'review_state', // 409: the review cannot take that now (reply before publication or after 48 hours, hidden…)
  // disputes
  'dispute_open', // 409: the booking already has an unresolved dispute
  'not_disputable', // 409: nothing is in progress or held for the booking, so there is nothing to dispute
  'dispute_state', // 409: the dispute cannot take that now (a response after review began, resolved twice…)
  // support
  'support_state', // 409: the conversation cannot take that now (closed, already closed, not closed, already a dispute)
  'canned_title_taken', // 409: a canned reply with this title (any case) exists
  'looks_like_spam', // 422: a guest's message broke the simple spam rules
  'not_an_admin', // 422: a conversation can be assigned to an admin only
  // milestones
  'milestone_state', // 409: the plan or milestone cannot take that now (plan fixed, already paid, frozen…)
  // scheduling
  'day_unavailable', // 409: the tradesperson does not take bookings that day, or it is full; `details` names the field
  'reschedule_state', // 409: the proposal cannot take that now (one is open already, answered, booking finished…)
  // changes
  'change_state', // 409: the change cannot take that now (one waits already, frozen by a dispute, money released, answered…)
  // subscriptions
  'subscription_state', // 409: the plan or visit cannot take that now (not proposed, ended, notice passed, nothing to pay…)
  'card_in_use', // 409: the card pays for a running repeat service plan and no other card can take over
  // photos
  'photo_limit', // 409: eight photos are already waiting to be attached; attach or remove some first
  'job_has_quotes', // 409: a job's details are fixed once it has quotes (its photos may still change)
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The body of every error response. */
export const ErrorEnvelope = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    // Messages come from the server's catalogues and zod; no tighter bound is promised.
    message: Text,
    details: z.unknown().optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;
