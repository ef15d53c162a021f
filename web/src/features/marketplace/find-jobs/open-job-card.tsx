import { LIMITS } from '@domain/catalog/catalog';
import { milesAwayText } from '@domain/geo/distance';
import { findListAge } from '@domain/marketplace/ages';
import type { OpenJobView } from '@domain/marketplace/api';
import { budgetText } from '@domain/payments/money';
import { BadgeCheck, CircleCheck, Clock, MapPin, Navigation } from 'lucide-react';
import { Link } from 'react-router';
import { CardSkeletonFrame, Pulse } from '@/components/skeleton-pulse';

// Cards and their skeletons share one fixed height, so the list does not jump when it arrives.
export const JOB_CARD_HEIGHT = 'h-56';

export const distanceText = milesAwayText;

export function quotesCountText(count: number): string {
  return `${count} of ${LIMITS.liveQuotesPerJob} quotes`;
}

/** One open job on the Find screen; the whole card opens the job (spec: card click goes to /job/{id}). */
export function OpenJobCard({ job, now }: { job: OpenJobView; now?: Date }) {
  const district = job.place ? `${job.outcode}, ${job.place}` : job.outcode;
  return (
    <article
      className={`relative flex ${JOB_CARD_HEIGHT} flex-col gap-2 overflow-hidden rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm transition-colors focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ring hover:border-primary`}
    >
      <div className="flex items-start justify-between gap-3">
        <h2 className="min-w-0 truncate text-base font-semibold">
          {/* The link's box covers the card, so the whole card is one target with one accessible name. */}
          <Link to={`/job/${job.id}`} className="outline-none after:absolute after:inset-0">
            {job.title}
          </Link>
        </h2>
        <span className="flex shrink-0 items-center gap-1 text-xs text-muted-foreground">
          <Clock className="size-3.5" aria-hidden="true" />
          <span className="sr-only">Posted </span>
          {findListAge(new Date(job.createdAt), now)}
        </span>
      </div>
      <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium">{job.category}</span>
        {job.quotedByMe && (
          <span className="flex items-center gap-1 rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">
            <CircleCheck className="size-3.5" aria-hidden="true" />
            You quoted
          </span>
        )}
        {job.customer.emailVerified && (
          <span className="flex items-center gap-1 text-xs font-medium text-primary">
            <BadgeCheck className="size-3.5" aria-hidden="true" />
            Verified customer
          </span>
        )}
      </p>
      <p className="line-clamp-2 min-h-10 text-sm text-muted-foreground">{job.description}</p>
      <p className="mt-auto flex min-w-0 items-center gap-1 text-sm text-muted-foreground">
        <MapPin className="size-4 shrink-0" aria-hidden="true" />
        <span className="truncate">{district}</span>
        {job.distanceMiles !== null && (
          <>
            <Navigation className="ml-2 size-3.5 shrink-0" aria-hidden="true" />
            <span className="shrink-0">{distanceText(job.distanceMiles)}</span>
          </>
        )}
      </p>
      <div className="flex items-center justify-between gap-3 border-t border-border pt-2 text-sm">
        <span className="truncate font-semibold">
          {budgetText(job.budgetMin, job.budgetMax, 'Budget not specified')}
        </span>
        <span className="shrink-0 text-muted-foreground">{quotesCountText(job.quoteCount)}</span>
      </div>
    </article>
  );
}

/** A placeholder of the card's exact height while the list loads. */
export function OpenJobCardSkeleton() {
  return (
    <CardSkeletonFrame height={JOB_CARD_HEIGHT}>
      <div className="flex justify-between gap-3">
        <Pulse className="h-5 w-2/3" />
        <Pulse className="h-4 w-12" />
      </div>
      <Pulse className="h-5 w-24 rounded-full" />
      <Pulse className="h-10 w-full" />
      <Pulse className="mt-auto h-4 w-1/2" />
      <Pulse className="h-5 w-full" />
    </CardSkeletonFrame>
  );
}
