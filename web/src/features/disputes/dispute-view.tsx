import {
  type DisputeDetail,
  type DisputeEvidenceView,
  DisputeMessageBody,
  type DisputeMessageView,
  EvidenceTextBody,
  RespondBody,
} from '@domain/disputes/api';
import { DISPUTE_MESSAGES, DISPUTE_RESOLUTION_LABELS, DISPUTE_RULES } from '@domain/disputes/messages';
import { formatPence } from '@domain/payments/money';
import { ArrowLeft, FileText, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ScreenNotice } from '@/components/screen-notice';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/list-states';
import { useSession } from '@/features/accounts';
import { ApiError } from '@/lib/api';
import { formatCount, formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useAddEvidenceText, useDispute, usePostDisputeMessage, useRespond } from './api';
import { DisputeStatusBadge } from './dispute-status-badge';
import { DisputeTimeline } from './dispute-timeline';
import { authorName, partyName, partyWithRole } from './format';
import { EvidencePhotoForm } from './photo-form';
import { DisputeTextForm } from './text-form';

/** One dispute (/disputes/:id), for either party: where it stands, what was said, and what to add. */
export function DisputeView({ disputeId }: { disputeId: string }) {
  const dispute = useDispute(disputeId);
  const notFound = dispute.error instanceof ApiError && dispute.error.status === 404;
  if (dispute.isPending) return <DisputeSkeleton />;
  if (notFound) {
    return (
      <ScreenNotice
        title={DISPUTE_MESSAGES.disputeNotFound}
        link={{ to: '/disputes', label: 'Back to disputes' }}
      >
        This dispute does not exist, or it is about a booking you are not part of.
      </ScreenNotice>
    );
  }
  if (dispute.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <ErrorState text="We couldn't load this dispute." onRetry={() => void dispute.refetch()} />
      </div>
    );
  }
  return <DisputeContent dispute={dispute.data} />;
}

function DisputeContent({ dispute }: { dispute: DisputeDetail }) {
  const { user } = useSession();
  const myId = user?.id;
  const raisedByMe = dispute.raisedBy.id === myId;
  const resolved = dispute.status === 'resolved';
  const awaitingResponse = dispute.status === 'open' || dispute.status === 'awaiting_response';

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8">
      <Button asChild variant="ghost" size="sm" className="-ml-2">
        <Link to="/disputes">
          <ArrowLeft aria-hidden="true" />
          All disputes
        </Link>
      </Button>

      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="text-sm font-medium text-muted-foreground">Dispute</p>
              <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
                {dispute.job.title}
              </h1>
              <p className="mt-1 text-muted-foreground">{dispute.reason}</p>
            </div>
            <DisputeStatusBadge status={dispute.status} className="text-sm" />
          </div>
        </CardHeader>
        <CardContent className="space-y-4">
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <Detail label="Raised by">
              {raisedByMe ? 'You' : partyWithRole(dispute.raisedBy)} on {formatDateTime(dispute.createdAt)}
            </Detail>
            <Detail label={raisedByMe ? 'Raised with' : 'Raised with you'}>
              {dispute.respondent.id === myId ? 'You' : partyWithRole(dispute.respondent)}
            </Detail>
            {!resolved && (
              <Detail label="Money">
                {dispute.heldPence > 0
                  ? `${formatPence(dispute.heldPence, 2)} frozen in escrow until this is resolved`
                  : 'No money is held for this booking'}
              </Detail>
            )}
            <Detail label="Job">
              <Link
                to={`/job/${dispute.job.id}`}
                className="font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                View the job and its booking
              </Link>
            </Detail>
          </dl>
          {resolved && <Outcome dispute={dispute} />}
        </CardContent>
      </Card>

      <section aria-labelledby="progress-heading" className="space-y-3">
        <h2 id="progress-heading" className="text-xl font-semibold">
          Progress
        </h2>
        <DisputeTimeline dispute={dispute} />
        {/* What comes next, while something still does: the deadline only while a response is awaited. */}
        {awaitingResponse ? (
          <p className="text-sm text-muted-foreground">
            The other party has {DISPUTE_RULES.responseDays} days to respond. After their response, or once
            the deadline passes, our support team reviews the evidence and decides: release the money to the
            tradesperson, refund the customer, or split it between them.
          </p>
        ) : (
          !resolved && (
            <p className="text-sm text-muted-foreground">
              Our support team is reviewing the evidence and will decide: release the money to the
              tradesperson, refund the customer, or split it between them.
            </p>
          )
        )}
      </section>

      <Card>
        <CardHeader className="pb-3">
          <CardTitle as="h2">What happened</CardTitle>
        </CardHeader>
        <CardContent className="space-y-5">
          <Statement
            who={raisedByMe ? 'You' : partyName(dispute.raisedBy.name)}
            when={dispute.createdAt}
            text={dispute.description}
          />
          <ResponseSection dispute={dispute} myId={myId} />
        </CardContent>
      </Card>

      <EvidenceSection dispute={dispute} myId={myId} />
      <ThreadSection dispute={dispute} myId={myId} />
    </div>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="mt-1 font-medium break-words">{children}</dd>
    </div>
  );
}

/** Once resolved: the admin's decision, what went where, and their note. */
function Outcome({ dispute }: { dispute: DisputeDetail }) {
  const refund = dispute.refundPence ?? 0;
  const release = dispute.releasePence ?? 0;
  return (
    <section
      aria-labelledby="outcome-heading"
      className="space-y-2 rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100"
    >
      <h2 id="outcome-heading" className="flex items-center gap-2 text-base font-semibold">
        <ShieldCheck className="size-5 shrink-0" aria-hidden="true" />
        Resolved{dispute.resolvedAt ? ` on ${formatDateTime(dispute.resolvedAt)}` : ''}
      </h2>
      {dispute.resolution && <p className="font-medium">{DISPUTE_RESOLUTION_LABELS[dispute.resolution]}</p>}
      {(refund > 0 || release > 0) && (
        <ul className="list-disc space-y-1 pl-5">
          {refund > 0 && <li>{formatPence(refund, 2)} refunded to the customer</li>}
          {release > 0 && <li>{formatPence(release, 2)} released to the tradesperson</li>}
        </ul>
      )}
      {dispute.resolutionNote && (
        <div>
          <p className="font-medium">Note from TradeNest support</p>
          <p className="break-words whitespace-pre-wrap">{dispute.resolutionNote}</p>
        </div>
      )}
    </section>
  );
}

function Statement({ who, when, text }: { who: string; when: string; text: string }) {
  return (
    <figure className="space-y-1">
      <figcaption className="text-sm text-muted-foreground">
        <span className="font-semibold text-foreground">{who}</span> · {formatDateTime(when)}
      </figcaption>
      <blockquote className="rounded-lg bg-muted/60 p-3 text-sm leading-relaxed break-words whitespace-pre-wrap">
        {text}
      </blockquote>
    </figure>
  );
}

/** The respondent's side: the form while they may answer, then their answer. */
function ResponseSection({ dispute, myId }: { dispute: DisputeDetail; myId: string | undefined }) {
  const respond = useRespond(dispute.id);
  const mine = dispute.respondent.id === myId;
  const respondent = mine ? 'You' : partyName(dispute.respondent.name);
  return (
    <div className="space-y-2 border-t border-border pt-4">
      <h3 className="font-semibold">
        {mine ? 'Your response' : `${partyName(dispute.respondent.name)}’s response`}
      </h3>
      {dispute.response && dispute.respondedAt ? (
        <Statement who={respondent} when={dispute.respondedAt} text={dispute.response} />
      ) : dispute.canRespond ? (
        <DisputeTextForm
          label="Tell our team your side"
          hint={
            <>
              Between {DISPUTE_RULES.responseMin} and {formatCount(DISPUTE_RULES.responseMax)} characters.
              {dispute.responseDueAt && ` Respond by ${formatDateTime(dispute.responseDueAt)}.`}
            </>
          }
          rows={5}
          max={DISPUTE_RULES.responseMax}
          rule={RespondBody.shape.response}
          submitLabel="Send response"
          success={DISPUTE_MESSAGES.responded}
          failure={DISPUTE_MESSAGES.responseFailed}
          pending={respond.isPending}
          send={(response, callbacks) => respond.mutate({ response }, callbacks)}
        />
      ) : (
        <p className="text-sm text-muted-foreground">
          {dispute.reviewStartedAt || dispute.status === 'resolved'
            ? 'No response was given before the deadline.'
            : dispute.responseDueAt
              ? `Waiting for a response, due by ${formatDateTime(dispute.responseDueAt)}.`
              : 'Waiting for a response.'}
        </p>
      )}
    </div>
  );
}

function EvidenceSection({ dispute, myId }: { dispute: DisputeDetail; myId: string | undefined }) {
  const addText = useAddEvidenceText(dispute.id);
  const photos = dispute.evidence.filter((e) => e.kind === 'photo').length;
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2">Evidence</CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        {dispute.evidence.length === 0 ? (
          <p className="text-sm text-muted-foreground">No evidence yet.</p>
        ) : (
          <ul className="space-y-4" aria-label="Evidence">
            {dispute.evidence.map((item) => (
              <li key={item.id}>
                <EvidenceItem item={item} myId={myId} />
              </li>
            ))}
          </ul>
        )}
        {dispute.canAdd ? (
          <div className="grid gap-6 border-t border-border pt-4 md:grid-cols-2">
            <section aria-labelledby="add-statement-heading" className="space-y-2">
              <h3 id="add-statement-heading" className="font-semibold">
                Add a statement
              </h3>
              <DisputeTextForm
                label="Statement"
                max={DISPUTE_RULES.evidenceTextMax}
                rule={EvidenceTextBody.shape.text}
                submitLabel="Add statement"
                success={DISPUTE_MESSAGES.evidenceAdded}
                failure={DISPUTE_MESSAGES.evidenceFailed}
                placeholder="Dates, what was agreed, what you saw"
                pending={addText.isPending}
                send={(text, callbacks) => addText.mutate({ text }, callbacks)}
              />
            </section>
            <section aria-labelledby="add-photo-heading" className="space-y-2">
              <h3 id="add-photo-heading" className="font-semibold">
                Add a photo
              </h3>
              {photos >= DISPUTE_RULES.evidencePhotosMax ? (
                <p className="text-sm text-muted-foreground">{DISPUTE_MESSAGES.tooManyPhotos}.</p>
              ) : (
                <EvidencePhotoForm disputeId={dispute.id} />
              )}
            </section>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{DISPUTE_MESSAGES.closed}</p>
        )}
      </CardContent>
    </Card>
  );
}

function EvidenceItem({ item, myId }: { item: DisputeEvidenceView; myId: string | undefined }) {
  const who = authorName(item.author, myId, item.author.id);
  return (
    <figure className="space-y-2 rounded-lg border border-border p-3">
      <figcaption className="text-sm text-muted-foreground">
        <span className="font-semibold text-foreground">{who}</span> · {formatDateTime(item.createdAt)}
      </figcaption>
      {item.kind === 'photo' && item.photoUrl ? (
        <>
          <a
            href={item.photoUrl}
            target="_blank"
            rel="noreferrer"
            className="block w-fit max-w-full rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <img
              src={item.photoUrl}
              // The stored size, so the page keeps its place while the photo loads.
              width={item.width ?? undefined}
              height={item.height ?? undefined}
              alt={item.text ? `Photo from ${who}: ${item.text}` : `Photo from ${who}`}
              loading="lazy"
              className={cn(
                'h-auto max-h-96 w-auto max-w-full rounded-md border border-border bg-muted object-contain',
                !(item.width && item.height) && 'min-h-24',
              )}
            />
            <span className="sr-only"> (opens the full-size photo in a new tab)</span>
          </a>
          {item.text && <p className="text-sm break-words whitespace-pre-wrap">{item.text}</p>}
        </>
      ) : (
        <p className="flex gap-2 text-sm break-words whitespace-pre-wrap">
          <FileText className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="min-w-0">{item.text}</span>
        </p>
      )}
    </figure>
  );
}

function ThreadSection({ dispute, myId }: { dispute: DisputeDetail; myId: string | undefined }) {
  const post = usePostDisputeMessage(dispute.id);
  const messages = [...dispute.messages].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2">Messages</CardTitle>
        <p className="text-sm text-muted-foreground">Seen by both of you and by TradeNest support.</p>
      </CardHeader>
      <CardContent className="space-y-4">
        {messages.length === 0 ? (
          <p className="text-sm text-muted-foreground">No messages yet.</p>
        ) : (
          <ol className="space-y-3" aria-label="Messages">
            {messages.map((message) => (
              <li key={message.id}>
                <ThreadMessage message={message} myId={myId} />
              </li>
            ))}
          </ol>
        )}
        {dispute.canAdd && (
          <div className="border-t border-border pt-4">
            <DisputeTextForm
              label="Message"
              rows={3}
              max={DISPUTE_RULES.messageMax}
              rule={DisputeMessageBody.shape.body}
              submitLabel="Send message"
              failure={DISPUTE_MESSAGES.messageFailed}
              placeholder="Write to the other party and our team"
              pending={post.isPending}
              send={(body, callbacks) => post.mutate({ body }, callbacks)}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function ThreadMessage({ message, myId }: { message: DisputeMessageView; myId: string | undefined }) {
  const admin = message.author.role === 'admin';
  const mine = message.author.id === myId;
  return (
    <article
      className={cn(
        'rounded-lg border p-3 text-sm',
        admin
          ? 'border-blue-200 bg-blue-50 text-blue-950 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-50'
          : mine
            ? 'border-border bg-muted/60'
            : 'border-border bg-card',
      )}
    >
      <p className="mb-1 flex flex-wrap items-baseline gap-x-2">
        <span className="font-semibold">{authorName(message.author, myId, message.author.id)}</span>
        <time dateTime={message.createdAt} className="text-xs opacity-80">
          {formatDateTime(message.createdAt)}
        </time>
      </p>
      <p className="break-words whitespace-pre-wrap">{message.body}</p>
    </article>
  );
}

function DisputeSkeleton() {
  return (
    <div role="status" aria-busy="true" className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8">
      <span className="sr-only">Loading…</span>
      {['h-52', 'h-28', 'h-48', 'h-40'].map((height) => (
        <div
          key={height}
          aria-hidden="true"
          className={`${height} animate-pulse rounded-xl border border-border bg-muted motion-reduce:animate-none`}
        />
      ))}
    </div>
  );
}
