import { type DisputeEvidenceView, DisputeMessageBody, type DisputeMessageView } from '@domain/disputes/api';
import {
  DISPUTE_MESSAGES,
  DISPUTE_RESOLUTION_LABELS,
  DISPUTE_RULES,
  DISPUTE_STATUS_LABELS,
} from '@domain/disputes/messages';
import { disputeTimeline } from '@domain/disputes/rules';
import { formatPence } from '@domain/payments/money';
import { Check, ExternalLink } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { AdminPageHeader } from '@/components/admin/page-header';
import { BookingStatusBadge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { textareaClass } from '@/components/ui/field-class';
import { Field } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { TimelineItem } from '@/features/payments';
import { focusAfterDialog } from '@/lib/focus';
import { issuesFromServer, useMarkFields } from '@/lib/form-errors';
import { formatCount, formatDate, formatDateTime, humanise } from '@/lib/format';
import { showError, showSuccess } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { cn } from '@/lib/utils';
import { errorMessage } from './api';
import { AdminDetailPage } from './detail-page';
import { ageText, DisputeStatusBadge, partyName, ROLE_LABELS, responseDueText } from './dispute-format';
import { ResolveForm } from './dispute-resolve';
import { type AdminDisputeDetail, useAdminDispute, usePostDisputeMessage } from './disputes-api';

type Detail = AdminDisputeDetail;

/** /admin/disputes/:id: one dispute's case file, its thread, and the admin's resolution. */
export function DisputeDetail({ disputeId }: { disputeId: string }) {
  return (
    <AdminDetailPage
      query={useAdminDispute(disputeId)}
      back={{ to: '/admin/disputes', label: 'All disputes' }}
      texts={{
        loading: 'Loading the dispute…',
        notFound: DISPUTE_MESSAGES.disputeNotFound,
        notFoundDetail: 'There is no dispute with this link.',
        failed: 'We could not load this dispute.',
      }}
    >
      {(dispute) => <DisputeCaseFile dispute={dispute} />}
    </AdminDetailPage>
  );
}

function DisputeCaseFile({ dispute }: { dispute: Detail }) {
  const outcomeRef = useRef<HTMLHeadingElement>(null);
  const resolved = dispute.status === 'resolved';
  // Resolved while open here (by this admin, or by another one: a 409 reloads it): the form gives way
  // to the outcome, and focus goes to it once the confirmation dialog has let go.
  const wasResolved = useRef(resolved);
  useEffect(() => {
    if (resolved && !wasResolved.current) focusAfterDialog(() => outcomeRef.current);
    wasResolved.current = resolved;
  }, [resolved]);
  return (
    <>
      <AdminPageHeader
        title={dispute.job.title}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <DisputeStatusBadge status={dispute.status} />
            <span className="break-words">
              {dispute.reason} · raised {ageText(dispute.createdAt)} ago
            </span>
          </span>
        }
      />
      {resolved && <Outcome dispute={dispute} headingRef={outcomeRef} />}
      <div className="grid gap-8 lg:grid-cols-2">
        <BookingFacts dispute={dispute} />
        <Parties dispute={dispute} />
      </div>
      <StatusTimeline dispute={dispute} />
      <Statements dispute={dispute} />
      <Evidence dispute={dispute} />
      <Conversation dispute={dispute} />
      <Money dispute={dispute} />
      <Thread dispute={dispute} />
      {!resolved && <ResolveForm dispute={dispute} />}
    </>
  );
}

/** A titled part of the case file, its heading an h2 with an id the section is named by. */
export function Section({
  id,
  title,
  count,
  children,
  className,
}: {
  id: string;
  title: string;
  count?: number;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className={cn('min-w-0 space-y-3', className)}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
        {count !== undefined && <span className="font-normal text-muted-foreground"> ({count})</span>}
      </h2>
      {children}
    </section>
  );
}

const PANEL = 'rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2 first:pt-0 last:pb-0">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0 text-right font-medium break-words">{children}</dd>
    </div>
  );
}

function UserLink({ party }: { party: Detail['customer'] }) {
  return (
    <Link
      to={`/admin/users/${party.id}`}
      className="font-medium break-words text-primary underline underline-offset-4"
    >
      {partyName(party)}
    </Link>
  );
}

/** Who wrote something in the thread or the evidence: admins write as TradeNest support. */
function authorText(author: DisputeMessageView['author']): string {
  if (author.role === 'admin') return `${author.name ?? 'An admin'} (TradeNest support)`;
  return `${partyName(author)} (${ROLE_LABELS[author.role].toLowerCase()})`;
}

// ---- The outcome of a resolved dispute ----

function Outcome({
  dispute,
  headingRef,
}: {
  dispute: Detail;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <section
      aria-labelledby="outcome-title"
      className="space-y-3 rounded-xl border border-green-200 bg-green-50 p-4 text-green-950 dark:border-green-800 dark:bg-green-950 dark:text-green-50"
    >
      <h2
        id="outcome-title"
        ref={headingRef}
        tabIndex={-1}
        className="flex items-center gap-2 text-lg font-semibold focus:outline-none"
      >
        <Check className="size-5 shrink-0" aria-hidden="true" />
        Outcome: {dispute.resolution ? DISPUTE_RESOLUTION_LABELS[dispute.resolution] : 'Resolved'}
      </h2>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="opacity-80">Refunded to {partyName(dispute.customer)}</dt>
          <dd className="font-semibold tabular-nums">{formatPence(dispute.refundPence ?? 0)}</dd>
        </div>
        <div>
          <dt className="opacity-80">Released to {partyName(dispute.tradesperson)}</dt>
          <dd className="font-semibold tabular-nums">{formatPence(dispute.releasePence ?? 0)}</dd>
        </div>
        <div>
          <dt className="opacity-80">Resolved</dt>
          <dd className="font-semibold">
            {dispute.resolvedAt ? (
              <time dateTime={dispute.resolvedAt}>{formatDateTime(dispute.resolvedAt)}</time>
            ) : (
              'Yes'
            )}
            {dispute.resolvedBy && (
              <span className="block font-normal">by {dispute.resolvedBy.name ?? 'a deleted account'}</span>
            )}
          </dd>
        </div>
      </dl>
      {dispute.resolutionNote && (
        <div className="text-sm">
          <p className="font-medium">Note to both parties</p>
          <p className="mt-1 break-words whitespace-pre-line">{dispute.resolutionNote}</p>
        </div>
      )}
    </section>
  );
}

// ---- The booking and the people ----

function BookingFacts({ dispute }: { dispute: Detail }) {
  const { booking } = dispute;
  return (
    <Section id="booking" title="Booking">
      <dl className={cn(PANEL, 'divide-y divide-border text-sm')}>
        <Fact term="Job">
          <Link to={`/job/${dispute.job.id}`} className="text-primary underline underline-offset-4">
            {dispute.job.title}
          </Link>
        </Fact>
        <Fact term="Status">
          <BookingStatusBadge status={booking.status} />
        </Fact>
        <Fact term="Amount">{formatPence(booking.amountPence)}</Fact>
        <Fact term="Paid">{booking.depositPaid ? 'Yes' : 'Not yet'}</Fact>
        <Fact term="Held now">{formatPence(dispute.heldPence)}</Fact>
        <Fact term="Booked">{formatDate(booking.createdAt)}</Fact>
        <Fact term="Scheduled">{booking.scheduledDate ? formatDate(booking.scheduledDate) : 'Not set'}</Fact>
        <Fact term="Completed">{booking.completedAt ? formatDate(booking.completedAt) : 'Not yet'}</Fact>
      </dl>
    </Section>
  );
}

function Parties({ dispute }: { dispute: Detail }) {
  const people = [dispute.customer, dispute.tradesperson];
  return (
    <Section id="parties" title="People">
      <ul className={cn(PANEL, 'divide-y divide-border text-sm')}>
        {people.map((party) => (
          <li key={party.role} className="py-2 first:pt-0 last:pb-0">
            <p className="text-muted-foreground">{ROLE_LABELS[party.role]}</p>
            <p className="flex flex-wrap items-center gap-x-2">
              <UserLink party={party} />
              {party.id === dispute.raisedBy.id && (
                <span className="text-muted-foreground">raised the dispute</span>
              )}
              {party.id === dispute.respondent.id && (
                <span className="text-muted-foreground">was asked to respond</span>
              )}
            </p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

// ---- Where the dispute stands ----

function StatusTimeline({ dispute }: { dispute: Detail }) {
  const steps = disputeTimeline(dispute);
  return (
    <Section id="progress" title="Progress">
      <ol className={cn(PANEL, 'space-y-3 text-sm')}>
        {steps.map((step) => {
          const reached = step.at !== null;
          const current = step.status === dispute.status;
          return (
            <li
              key={step.status}
              aria-current={current ? 'step' : undefined}
              className="flex items-start gap-3"
            >
              <span
                aria-hidden="true"
                className={cn(
                  'mt-1 size-3 shrink-0 rounded-full border-2',
                  reached ? 'border-primary bg-primary' : 'border-border bg-background',
                )}
              />
              <div className="min-w-0 flex-1 sm:flex sm:items-baseline sm:justify-between sm:gap-4">
                <p className={cn('font-medium', !reached && 'text-muted-foreground')}>
                  {DISPUTE_STATUS_LABELS[step.status]}
                  {current && <span className="sr-only"> (now)</span>}
                </p>
                <p className="text-muted-foreground">
                  {step.at ? <time dateTime={step.at}>{formatDateTime(step.at)}</time> : 'Not yet'}
                  {step.status === 'awaiting_response' && step.dueAt && (
                    <span className="block">
                      {dispute.status === 'awaiting_response'
                        ? `${responseDueText(step.dueAt)} (${formatDateTime(step.dueAt)})`
                        : `Deadline ${formatDateTime(step.dueAt)}`}
                    </span>
                  )}
                </p>
              </div>
            </li>
          );
        })}
      </ol>
    </Section>
  );
}

// ---- What each side said ----

function Statements({ dispute }: { dispute: Detail }) {
  return (
    <Section id="statements" title="What each side says">
      <div className="grid gap-4 lg:grid-cols-2">
        <article aria-labelledby="description-title" className={cn(PANEL, 'space-y-2 text-sm')}>
          <h3 id="description-title" className="font-semibold">
            Description from {partyName(dispute.raisedBy)}
          </h3>
          <p className="text-muted-foreground">
            {ROLE_LABELS[dispute.raisedBy.role]} · {dispute.reason} ·{' '}
            <time dateTime={dispute.createdAt}>{formatDateTime(dispute.createdAt)}</time>
          </p>
          <p className="break-words whitespace-pre-line">{dispute.description}</p>
        </article>
        <article aria-labelledby="response-title" className={cn(PANEL, 'space-y-2 text-sm')}>
          <h3 id="response-title" className="font-semibold">
            Response from {partyName(dispute.respondent)}
          </h3>
          {dispute.response ? (
            <>
              <p className="text-muted-foreground">
                {ROLE_LABELS[dispute.respondent.role]}
                {dispute.respondedAt && (
                  <>
                    {' · '}
                    <time dateTime={dispute.respondedAt}>{formatDateTime(dispute.respondedAt)}</time>
                  </>
                )}
              </p>
              <p className="break-words whitespace-pre-line">{dispute.response}</p>
            </>
          ) : (
            <p className="text-muted-foreground">
              {dispute.status === 'awaiting_response' || dispute.status === 'open'
                ? 'No response yet.'
                : 'They did not respond.'}
            </p>
          )}
        </article>
      </div>
    </Section>
  );
}

function Evidence({ dispute }: { dispute: Detail }) {
  const { evidence } = dispute;
  return (
    <Section id="evidence" title="Evidence" count={evidence.length}>
      {evidence.length === 0 ? (
        <p className="text-sm text-muted-foreground">Neither side has added evidence.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {evidence.map((item) => (
            <li key={item.id} className={cn(PANEL, 'min-w-0 space-y-2 text-sm')}>
              {item.kind === 'photo' && item.photoUrl ? (
                <EvidencePhoto item={item} />
              ) : (
                <p className="break-words whitespace-pre-line">{item.text}</p>
              )}
              <p className="text-xs text-muted-foreground">
                {authorText(item.author)} ·{' '}
                <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function EvidencePhoto({ item }: { item: DisputeEvidenceView }) {
  const url = item.photoUrl ?? '';
  return (
    <figure className="space-y-2">
      {/* The same box for every photo, whatever its shape: the grid does not move as photos load. */}
      <a
        href={url}
        target="_blank"
        rel="noreferrer"
        className="block aspect-[4/3] overflow-hidden rounded-lg bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <img
          src={url}
          alt={item.text ? `Photo: ${item.text}` : `Photo from ${partyName(item.author)}`}
          width={item.width ?? undefined}
          height={item.height ?? undefined}
          loading="lazy"
          decoding="async"
          className="size-full object-contain"
        />
        <span className="sr-only"> (opens full size in a new tab)</span>
      </a>
      <figcaption className="flex items-start justify-between gap-2">
        <span className="min-w-0 break-words">{item.text ?? 'No caption.'}</span>
        <ExternalLink className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      </figcaption>
    </figure>
  );
}

function Conversation({ dispute }: { dispute: Detail }) {
  const { conversation } = dispute;
  const roleOf = (senderId: string) =>
    senderId === dispute.customer.id
      ? ROLE_LABELS.customer
      : senderId === dispute.tradesperson.id
        ? ROLE_LABELS.tradesperson
        : null;
  return (
    <Section id="conversation" title="Their conversation" count={conversation.length}>
      <p className="text-sm text-muted-foreground">
        The booking’s messages between the two of them, oldest first. Read only.
      </p>
      {conversation.length === 0 ? (
        <p className={cn(PANEL, 'text-sm text-muted-foreground')}>They have not messaged each other.</p>
      ) : (
        <ol
          aria-label="Messages between them"
          className={cn(PANEL, 'max-h-[32rem] space-y-3 overflow-y-auto text-sm')}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list is reached by keyboard
          tabIndex={0}
        >
          {conversation.map((message) => {
            const role = roleOf(message.senderId);
            return (
              <li key={message.id} className="border-l-4 border-border pl-3">
                <p className="text-xs text-muted-foreground">
                  <span className="font-medium text-foreground">{message.senderName ?? 'Deleted user'}</span>
                  {role && ` (${role.toLowerCase()})`} ·{' '}
                  <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
                </p>
                <p className="mt-0.5 break-words whitespace-pre-line">{message.content}</p>
              </li>
            );
          })}
        </ol>
      )}
    </Section>
  );
}

// ---- The money ----

function Money({ dispute }: { dispute: Detail }) {
  const { payments, moneyTimeline } = dispute;
  return (
    <Section id="money" title="Payments">
      {payments.length === 0 ? (
        <p className={cn(PANEL, 'text-sm text-muted-foreground')}>Nothing has been paid for this booking.</p>
      ) : (
        <ul className="space-y-3">
          {payments.map((payment) => (
            <li key={payment.id} className={cn(PANEL, 'text-sm')}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-semibold tabular-nums">
                  {formatPence(payment.amountPence)}
                  <span className="font-normal text-muted-foreground"> · {humanise(payment.status)}</span>
                </p>
                <p className="text-muted-foreground">
                  {payment.paidAt ? `Paid ${formatDate(payment.paidAt)}` : 'Not paid'}
                </p>
              </div>
              <dl className="mt-2 grid grid-cols-3 gap-2">
                <div>
                  <dt className="text-muted-foreground">Held</dt>
                  <dd className="font-medium tabular-nums">{formatPence(payment.heldPence)}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Refunded</dt>
                  <dd className="font-medium tabular-nums">{formatPence(payment.refundedPence)}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Released</dt>
                  <dd className="font-medium tabular-nums">{formatPence(payment.releasedPence)}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
      <div className={PANEL}>
        <h3 id="money-history-title" className="mb-3 font-semibold">
          Payment history
        </h3>
        {moneyTimeline.length === 0 ? (
          <p className="text-sm text-muted-foreground">No money has moved for this booking yet.</p>
        ) : (
          <ol aria-labelledby="money-history-title">
            {moneyTimeline.map((event, index) => (
              <TimelineItem
                key={`${event.kind}-${event.at}-${event.label}`}
                event={event}
                last={index === moneyTimeline.length - 1}
              />
            ))}
          </ol>
        )}
      </div>
    </Section>
  );
}

// ---- The thread with both parties ----

function Thread({ dispute }: { dispute: Detail }) {
  const open = dispute.status !== 'resolved';
  return (
    <Section id="thread" title="Dispute thread" count={dispute.messages.length}>
      <p className="text-sm text-muted-foreground">
        Both parties and TradeNest support see this thread. Your messages show as TradeNest support.
      </p>
      {dispute.messages.length === 0 ? (
        <p className={cn(PANEL, 'text-sm text-muted-foreground')}>No messages in the thread yet.</p>
      ) : (
        <ol aria-label="Thread messages" className="space-y-3">
          {dispute.messages.map((message) => (
            <li
              key={message.id}
              className={cn(
                PANEL,
                'text-sm',
                message.author.role === 'admin' && 'border-primary/40 bg-primary/5',
              )}
            >
              <p className="text-xs text-muted-foreground">
                <span className="font-medium text-foreground">{authorText(message.author)}</span> ·{' '}
                <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
              </p>
              <p className="mt-1 break-words whitespace-pre-line">{message.body}</p>
            </li>
          ))}
        </ol>
      )}
      {open ? (
        <ThreadMessageForm disputeId={dispute.id} />
      ) : (
        <p className="text-sm text-muted-foreground">{DISPUTE_MESSAGES.closed}</p>
      )}
    </Section>
  );
}

/** The admin's message to both parties, checked with the server's own schema. */
function ThreadMessageForm({ disputeId }: { disputeId: string }) {
  const post = usePostDisputeMessage(disputeId);
  const form = useZodForm(DisputeMessageBody, { defaultValues: { body: '' } });
  const { register, reset, setError, setFocus, formState } = form;
  const mark = useMarkFields({ setError, setFocus }, MESSAGE_FIELDS);

  const onSubmit = form.submitWith(({ body }) =>
    post.mutateAsync(body).then(
      () => {
        reset({ body: '' });
        void showSuccess('Message sent', 'Both parties see it from TradeNest support.');
      },
      (error: unknown) => {
        if (mark(issuesFromServer(error))) return;
        const message = errorMessage(error, 'The message could not be sent. Please try again.');
        void showError('Error', message);
        setError('body', { type: 'server', message });
      },
    ),
  );

  return (
    <form noValidate aria-label="Message both parties" className="space-y-2" onSubmit={onSubmit}>
      <Field
        label="Message to both parties"
        hint={`Up to ${formatCount(DISPUTE_RULES.messageMax)} characters.`}
        error={formState.errors.body?.message}
      >
        {(control) => <textarea rows={3} {...control} {...register('body')} className={textareaClass} />}
      </Field>
      <div className="flex justify-end">
        <Button type="submit" disabled={post.isPending} aria-busy={post.isPending}>
          {post.isPending && <Spinner />}
          Send message
        </Button>
      </div>
    </form>
  );
}
const MESSAGE_FIELDS = ['body'];
