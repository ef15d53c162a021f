import { milesAwayText } from '@domain/geo/distance';
import { jobAge } from '@domain/marketplace/ages';
import type { JobResponse } from '@domain/marketplace/api';
import { budgetText } from '@domain/payments/money';
import { ArrowLeft, CalendarDays, Clock, Columns3, MapPin, PoundSterling } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { LinkButton } from '@/components/link-button';
import { ScreenNotice } from '@/components/screen-notice';
import { JobStatusBadge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/list-states';
import { MessageButton } from '@/features/messaging';
import { PhotoGallery } from '@/features/photos';
import { Rating } from '@/features/reviews';
import { ApiError } from '@/lib/api';
import { displayName, formatDateOnly } from '@/lib/format';
import { showError } from '@/lib/toast';
import { useJob } from './api';
import { CancelJobButton } from './cancel-job-button';
import { EditJobPhotosButton } from './edit-job-photos';
import { QuoteCard } from './quote-card';
import { QuoteForm } from './quote-form';

// Only a job with a booking loads it (job-booking.tsx says why).
const JobBooking = lazy(() => import('./job-booking').then((m) => ({ default: m.JobBooking })));

/** Job detail (spec section 2), for its customer, a tradesperson or an admin. */
export function JobDetailView({ jobId, backTo }: { jobId: string; backTo: string }) {
  const job = useJob(jobId);
  const notFound = job.error instanceof ApiError && job.error.status === 404;
  const toasted = useRef(false);

  useEffect(() => {
    // Spec section 8: any other load failure says 'Error: Failed to load job details' (once).
    if (job.isError && !notFound && !toasted.current) {
      toasted.current = true;
      void showError('Error', 'Failed to load job details');
    }
    if (!job.isError) toasted.current = false;
  }, [job.isError, notFound]);

  if (job.isPending) return <JobDetailSkeleton />;
  if (notFound) {
    return (
      <ScreenNotice title="Job not found" link={{ to: backTo, label: 'Back to jobs' }}>
        This job does not exist, was removed, or is not visible to you.
      </ScreenNotice>
    );
  }
  if (job.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <ErrorState text="Failed to load job details" onRetry={() => void job.refetch()} />
      </div>
    );
  }
  return <JobDetailContent job={job.data} />;
}

function JobDetailContent({ job }: { job: JobResponse['job'] }) {
  const navigate = useNavigate();
  const { relation } = job.viewer;
  const owner = relation === 'owner';
  const tradesperson = relation === 'tradesperson';

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8">
      <Button variant="ghost" size="sm" onClick={() => void navigate(-1)} className="-ml-2">
        <ArrowLeft aria-hidden="true" />
        Back
      </Button>
      <JobSummaryCard job={job} />
      {job.booking && (
        <Suspense fallback={<BookingPlaceholder />}>
          <JobBooking booking={job.booking} owner={owner} tradesperson={tradesperson} />
        </Suspense>
      )}

      {!owner && <CustomerCard job={job} />}
      <QuotesSection job={job} />
    </div>
  );
}

/** The job itself: its title, status, details and description, and Cancel for its open owner. */
function JobSummaryCard({ job }: { job: JobResponse['job'] }) {
  const owner = job.viewer.relation === 'owner';

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{job.title}</h1>
            <p className="mt-1 text-muted-foreground">{job.category}</p>
          </div>
          <JobStatusBadge status={job.status} className="text-sm" />
        </div>
      </CardHeader>
      <CardContent className="space-y-5">
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <DetailItem icon={<Clock aria-hidden="true" />} label="Posted">
            {/* Counted in days to now: a render on the server and the browser's hydration on either side
                of midnight would differ in this text alone, hence suppressHydrationWarning. */}
            <time dateTime={job.createdAt} suppressHydrationWarning>
              {jobAge(new Date(job.createdAt))}
            </time>
          </DetailItem>
          <DetailItem icon={<MapPin aria-hidden="true" />} label="Location">
            {job.postcodeIsPartial ? `${job.postcode} (district)` : job.postcode}
            {job.place && <span className="text-muted-foreground">, {job.place}</span>}
            {job.distanceMiles !== null && (
              <span className="block text-muted-foreground">{milesAwayText(job.distanceMiles)}</span>
            )}
          </DetailItem>
          <DetailItem icon={<PoundSterling aria-hidden="true" />} label="Budget">
            {budgetText(job.budgetMin, job.budgetMax, 'Budget not specified')}
          </DetailItem>
          <DetailItem icon={<CalendarDays aria-hidden="true" />} label="Preferred start">
            {job.preferredStartDate ? formatDateOnly(job.preferredStartDate) : 'Flexible'}
          </DetailItem>
        </dl>
        <div>
          <h2 className="mb-2 text-base font-semibold">Description</h2>
          <p className="text-sm leading-relaxed break-words whitespace-pre-wrap">{job.description}</p>
        </div>
        <PhotoGallery photos={job.photos} />
        {owner && job.status === 'open' && (
          <div className="flex flex-wrap gap-2 border-t border-border pt-4">
            <EditJobPhotosButton jobId={job.id} photos={job.photos} />
            <CancelJobButton jobId={job.id} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** Who posted the job, for anyone but its owner; a tradesperson can message them. */
function CustomerCard({ job }: { job: JobResponse['job'] }) {
  const tradesperson = job.viewer.relation === 'tradesperson';

  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2">Customer</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <p className="font-medium">{displayName(job.customer)}</p>
          <Rating rating={job.customer.rating} reviewCount={job.customer.reviewCount} />
        </div>
        {tradesperson && <MessageButton userId={job.customer.id} jobId={job.id} size="sm" />}
      </CardContent>
    </Card>
  );
}

/** The job's quotes: the owner's to accept, a tradesperson's own, and the form to send one. */
function QuotesSection({ job }: { job: JobResponse['job'] }) {
  const { relation, canQuote, cannotQuoteReason } = job.viewer;
  const owner = relation === 'owner';
  const tradesperson = relation === 'tradesperson';
  const canAccept = owner && job.status === 'open';
  const liveQuotes = job.quotes.filter((q) => q.status === 'pending' || q.status === 'accepted').length;
  const hasLiveQuote = liveQuotes > 0;

  return (
    <section aria-labelledby="quotes-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="quotes-heading" className="text-xl font-semibold">
          {tradesperson ? 'Your quote' : `Quotes (${job.quotes.length})`}
        </h2>
        {owner && liveQuotes >= 2 && (
          <LinkButton to={`/job/${job.id}/compare`} icon={Columns3} variant="outline" size="sm">
            Compare quotes
          </LinkButton>
        )}
      </div>
      {job.quotes.length === 0 && owner && (
        <p className="rounded-xl border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground">
          Waiting for tradespeople to submit quotes for your job...
        </p>
      )}
      {job.quotes.length === 0 && relation === 'admin' && (
        <p className="text-sm text-muted-foreground">No quotes yet.</p>
      )}
      {job.quotes.length > 0 && (
        <ul className="space-y-3">
          {job.quotes.map((quote) => (
            <li key={quote.id}>
              <QuoteCard
                quote={quote}
                jobId={job.id}
                canAccept={canAccept}
                canMessage={owner}
                mine={tradesperson}
                otherPending={job.quotes.filter((q) => q.status === 'pending' && q.id !== quote.id).length}
              />
            </li>
          ))}
        </ul>
      )}
      {tradesperson && !hasLiveQuote && (
        <Card>
          <CardHeader className="pb-3">
            <CardTitle as="h3">{job.quotes.length > 0 ? 'Send a new quote' : 'Send a quote'}</CardTitle>
          </CardHeader>
          <CardContent>
            {canQuote ? (
              <QuoteForm jobId={job.id} />
            ) : (
              <p className="text-sm text-muted-foreground">
                {cannotQuoteReason ?? 'You cannot quote for this job.'}
              </p>
            )}
          </CardContent>
        </Card>
      )}
    </section>
  );
}

function DetailItem({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="flex items-center gap-1.5 text-muted-foreground [&_svg]:size-4">
        {icon}
        {label}
      </dt>
      <dd className="mt-0.5 pl-5.5 font-medium">{children}</dd>
    </div>
  );
}

/** Holds the booking card's place while its code loads, so the page below it barely moves. */
function BookingPlaceholder() {
  return (
    <div role="status" aria-busy="true" className="h-64 rounded-xl border border-border bg-muted/40">
      <span className="sr-only">Loading booking…</span>
    </div>
  );
}

function JobDetailSkeleton() {
  return (
    <div role="status" aria-busy="true" className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8">
      <span className="sr-only">Loading job…</span>
      <div aria-hidden="true" className="h-9 w-20 rounded-md bg-muted" />
      <div
        aria-hidden="true"
        className="h-96 animate-pulse rounded-xl border border-border bg-muted motion-reduce:animate-none"
      />
      <div
        aria-hidden="true"
        className="h-40 animate-pulse rounded-xl border border-border bg-muted motion-reduce:animate-none"
      />
    </div>
  );
}
