import type { PublicProfile, ReviewsPage } from '@domain/discovery/api';
import { REVIEW_RULES } from '@domain/reviews/messages';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import {
  ArrowLeft,
  ArrowRight,
  BadgeCheck,
  EyeOff,
  MessageSquareText,
  Search,
  UserRoundSearch,
} from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AvatarImage } from '@/components/avatar-image';
import { ScreenNotice } from '@/components/screen-notice';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { EmptyState, ErrorState, HiddenCardSkeletons, LoadMore } from '@/components/ui/list-states';
import { useSession } from '@/features/accounts';
import {
  Rating,
  RatingSummaryPanel,
  RatingSummarySkeleton,
  ReportReviewButton,
  ReviewItem,
} from '@/features/reviews';
import { ApiError } from '@/lib/api';
import { formatCount } from '@/lib/format';
import { useTypedBeforeStart } from '@/lib/use-typed-before-start';
import { useTradespeopleSearch, useTradespersonProfile, useTradespersonReviews } from './api';
import { tradespersonName } from './format';

const HEADER_AVATAR_SIZE = 64;
const RESULT_AVATAR_SIZE = 48;
const LINK_CLASS =
  'inline-flex items-center gap-1 rounded-md text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/**
 * /reviews (spec section 2, 'Reviews screens'): one tradesperson's public reviews with
 * ?tradesperson=<id> (the profile's 'See all reviews'), otherwise a search for the tradesperson.
 */
export function PublicReviewsScreen() {
  const [searchParams] = useSearchParams();
  const id = searchParams.get('tradesperson')?.trim();
  // A new id is a new screen: nothing (pages loaded, a report dialog) carries over.
  return id ? <TradespersonReviews key={id} id={id} /> : <FindReviews />;
}

// ---- One tradesperson's reviews ----

function TradespersonReviews({ id }: { id: string }) {
  const profile = useTradespersonProfile(id);
  // Asked for at once, beside the profile, rather than after it.
  const reviews = useTradespersonReviews(id);
  if (profile.isPending) return <TradespersonReviewsSkeleton />;
  if (profile.error instanceof ApiError && (profile.error.status === 404 || profile.error.status === 400)) {
    return <TradespersonNotFound />;
  }
  if (profile.isError) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-8">
        <ErrorState text="We could not load these reviews." onRetry={() => void profile.refetch()} />
      </div>
    );
  }
  return <TradespersonReviewsContent profile={profile.data} reviews={reviews} />;
}

type ReviewsQuery = UseInfiniteQueryResult<InfiniteData<ReviewsPage, string | null>, Error>;

function TradespersonReviewsContent({ profile, reviews }: { profile: PublicProfile; reviews: ReviewsQuery }) {
  const name = tradespersonName(profile);
  const subtitle = [profile.trade, profile.businessName].filter(Boolean).join(' · ');
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8">
      <Link to="/reviews" className={`${LINK_CLASS} text-muted-foreground hover:text-foreground`}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        Find another tradesperson
      </Link>

      <header className="flex items-start gap-4">
        <AvatarImage src={profile.avatarUrl} size={HEADER_AVATAR_SIZE} className="size-16" />
        <div className="min-w-0 flex-1 space-y-1">
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">Reviews of {name}</h1>
          {(subtitle || profile.verified) && (
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground">
              {subtitle && <span className="break-words">{subtitle}</span>}
              {profile.verified && (
                <span className="inline-flex items-center gap-1 text-sm font-medium text-primary">
                  <BadgeCheck className="size-4" aria-hidden="true" />
                  Verified
                </span>
              )}
            </p>
          )}
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <Rating rating={profile.rating} reviewCount={profile.reviewCount} />
            <Link to={`/tradesperson/${profile.id}`} className={`${LINK_CLASS} text-primary hover:underline`}>
              View profile
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </div>
        </div>
      </header>

      <ReviewsBody query={reviews} name={name} />
    </div>
  );
}

function ReviewsBody({ query, name }: { query: ReviewsQuery; name: string }) {
  const session = useSession();
  const [reported, setReported] = useState<ReadonlySet<string>>(() => new Set());
  const markReported = (reviewId: string) => setReported((ids) => new Set(ids).add(reviewId));

  if (query.isPending) {
    return (
      <div role="status" aria-busy="true" className="space-y-6">
        <span className="sr-only">Loading reviews…</span>
        <RatingSummarySkeleton />
        <HiddenCardSkeletons height="h-32" />
      </div>
    );
  }
  if (query.isError) {
    return <ErrorState text="We could not load the reviews." onRetry={() => void query.refetch()} />;
  }

  const first = query.data.pages[0];
  const reviews = query.data.pages.flatMap((page) => page.reviews);
  const isPublic = first?.reviewsPublic ?? true;

  if (!isPublic && reviews.length === 0) {
    return (
      <EmptyState
        icon={<EyeOff aria-hidden="true" />}
        title="Reviews are private"
        text={`${name} has chosen not to show reviews publicly.`}
      />
    );
  }

  return (
    <div className="space-y-6">
      {!isPublic && (
        // Only the tradesperson themself (or an admin) gets here: say what customers see.
        <p className="rounded-xl border border-border bg-muted px-4 py-3 text-sm">
          These reviews are hidden from customers: 'Show reviews publicly' is off.
        </p>
      )}
      {first?.summary && <RatingSummaryPanel summary={first.summary} />}
      {reviews.length === 0 ? (
        <EmptyState
          icon={<MessageSquareText aria-hidden="true" />}
          title="No published reviews yet"
          text={`A review is published once both sides of a completed, paid booking have reviewed each other, or ${REVIEW_RULES.revealAfterDays} days after payment.`}
        />
      ) : (
        <section aria-labelledby="all-reviews-heading" className="space-y-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="all-reviews-heading" className="text-xl font-semibold">
              All reviews
            </h2>
            <p className="text-sm text-muted-foreground">Newest first</p>
          </div>
          <ul className="space-y-3" aria-busy={query.isFetchingNextPage}>
            {reviews.map((review) => (
              <li key={review.id}>
                <ReviewItem
                  review={review}
                  tradespersonName={name}
                  actions={
                    // The server says whether this viewer may report it (not its author, not twice).
                    session.user && (review.canReport || review.reported || reported.has(review.id)) ? (
                      <ReportReviewButton
                        review={review}
                        reported={review.reported || reported.has(review.id)}
                        onReported={markReported}
                      />
                    ) : undefined
                  }
                />
              </li>
            ))}
          </ul>
          <LoadMore query={query} what="reviews" />
        </section>
      )}
    </div>
  );
}

function TradespersonNotFound() {
  return (
    <ScreenNotice
      icon={UserRoundSearch}
      title="Tradesperson not found"
      link={{ to: '/reviews', label: 'Search reviews' }}
    >
      This tradesperson does not exist, has been hidden by its owner, or is no longer active.
    </ScreenNotice>
  );
}

function TradespersonReviewsSkeleton() {
  const pulse = 'animate-pulse rounded bg-muted motion-reduce:animate-none';
  return (
    <div role="status" aria-busy="true" className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8">
      <span className="sr-only">Loading reviews…</span>
      <div aria-hidden="true" className={`h-5 w-48 ${pulse}`} />
      <div aria-hidden="true" className="flex items-start gap-4">
        <div className="size-16 shrink-0 animate-pulse rounded-full bg-muted motion-reduce:animate-none" />
        <div className="flex-1 space-y-2">
          <div className={`h-8 w-2/3 ${pulse}`} />
          <div className={`h-5 w-1/3 ${pulse}`} />
          <div className={`h-5 w-1/2 ${pulse}`} />
        </div>
      </div>
      <RatingSummarySkeleton />
      <div aria-hidden="true" className="space-y-3">
        {['a', 'b'].map((key) => (
          <div key={key} className={`h-32 rounded-xl ${pulse}`} />
        ))}
      </div>
    </div>
  );
}

// ---- Finding a tradesperson ----

/** /reviews without ?tradesperson: search tradespeople by trade or service, each leading to their reviews. */
function FindReviews() {
  const fieldId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q')?.trim() ?? '';
  const [text, setText] = useState(q);
  const box = useRef<HTMLInputElement>(null);
  useTypedBeforeStart(box, text, setText);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // What the box shows, not the state: a search sent while the app takes the server-rendered page
    // over is replayed by React before the effect that adopts the typed text has run, and the state
    // still held '' (a search lost in the end-to-end test on a loaded machine).
    const value = String(new FormData(event.currentTarget).get('q') ?? text).trim();
    setSearchParams(value ? { q: value } : {}, { replace: true });
  };

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Reviews</h1>
        <p className="mt-2 text-muted-foreground">
          Every review on TradeNest comes from a completed, paid booking. Find a tradesperson to read theirs.
        </p>
      </header>
      {/* biome-ignore lint/a11y/useSemanticElements: role="search" rather than <search>, which older browsers lack */}
      <form role="search" aria-label="Find a tradesperson’s reviews" onSubmit={submit} className="space-y-2">
        <Label htmlFor={fieldId}>Trade or service</Label>
        <div className="flex gap-2">
          {/* Named, so that a search sent before the page's script has taken over the server-rendered
              form still reaches /reviews?q=… (the form's native GET to this page). */}
          <Input
            id={fieldId}
            name="q"
            type="search"
            ref={box}
            value={text}
            placeholder="e.g. plumber, boiler repair"
            autoComplete="off"
            enterKeyHint="search"
            onChange={(event) => setText(event.target.value)}
          />
          <Button type="submit">
            <Search aria-hidden="true" />
            Search
          </Button>
        </div>
      </form>
      {q ? (
        <SearchResults q={q} />
      ) : (
        <p className="text-sm text-muted-foreground">
          Search by trade or service, such as ‘electrician’ or ‘boiler’, or{' '}
          <Link to="/browse" className="font-medium text-primary underline-offset-4 hover:underline">
            browse tradespeople
          </Link>{' '}
          and open their profile.
        </p>
      )}
    </div>
  );
}

function SearchResults({ q }: { q: string }) {
  const search = useTradespeopleSearch({ service: q, location: null, category: null, filter: 'all' });
  const people = search.data?.pages.flatMap((page) => page.tradespeople) ?? [];
  const total = search.data?.pages[0]?.total;

  return (
    <section aria-label="Search results" className="space-y-3">
      {/* One line of fixed height, so the list below does not move when the count arrives. */}
      <p role="status" className="h-5 text-sm text-muted-foreground">
        {search.isPending
          ? 'Searching…'
          : total === undefined
            ? ''
            : `${formatCount(total)} ${total === 1 ? 'tradesperson' : 'tradespeople'} found`}
      </p>
      {search.isPending ? (
        <HiddenCardSkeletons height="h-20" />
      ) : search.isError ? (
        <ErrorState text="We could not search tradespeople." onRetry={() => void search.refetch()} />
      ) : people.length === 0 ? (
        <EmptyState
          icon={<UserRoundSearch aria-hidden="true" />}
          title="No tradespeople found"
          text="Try another trade or service, such as ‘plumber’ or ‘roofing’."
        />
      ) : (
        <>
          <ul aria-label="Tradespeople" aria-busy={search.isFetchingNextPage} className="space-y-3">
            {people.map((person) => {
              const name = tradespersonName(person);
              return (
                <li key={person.id}>
                  <article className="relative flex min-h-20 items-center gap-3 rounded-xl border border-border bg-card px-4 py-3 text-card-foreground shadow-sm transition-colors focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ring hover:border-primary">
                    <AvatarImage src={person.avatarUrl} size={RESULT_AVATAR_SIZE} lazy className="size-12" />
                    <div className="min-w-0 flex-1">
                      <h2 className="truncate font-semibold">
                        {/* The link's box covers the card: one target, named by the tradesperson. */}
                        <Link
                          to={`/reviews?${new URLSearchParams({ tradesperson: person.id })}`}
                          className="outline-none after:absolute after:inset-0"
                        >
                          {name}
                        </Link>
                      </h2>
                      <p className="flex min-w-0 flex-wrap items-center gap-x-3 text-sm text-muted-foreground">
                        <span className="truncate">
                          {[person.trade, person.location].filter(Boolean).join(' · ')}
                        </span>
                        <Rating rating={person.rating} reviewCount={person.reviewCount} />
                      </p>
                    </div>
                    <ArrowRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  </article>
                </li>
              );
            })}
          </ul>
          <LoadMore query={search} what="tradespeople" />
        </>
      )}
    </section>
  );
}
