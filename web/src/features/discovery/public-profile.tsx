import type { PublicProfile, VerificationCheck } from '@domain/discovery/api';
import {
  ArrowLeft,
  ArrowRight,
  BadgeCheck,
  Briefcase,
  Calendar,
  FileCheck,
  MapPin,
  MessageSquare,
  Pencil,
  PoundSterling,
  Send,
  ShieldCheck,
  UserRoundSearch,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AvatarImage } from '@/components/avatar-image';
import { LinkButton } from '@/components/link-button';
import { ScreenNotice } from '@/components/screen-notice';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/list-states';
import { useSession } from '@/features/accounts';
import { MessageButton } from '@/features/messaging';
import { Rating } from '@/features/reviews';
import { RepeatServiceFromProfile } from '@/features/subscriptions';
import { ApiError } from '@/lib/api';
import { formatDayEnGb, formatMonthEnGb } from '@/lib/format';
import { useTradespersonProfile, useTradespersonReviews } from './api';
import { rateText, tradespersonName } from './format';
import { ReviewsList } from './reviews-list';
import { SaveButton } from './save-button';

const CHECK_LABELS: Record<VerificationCheck['kind'], { label: string; icon: typeof BadgeCheck }> = {
  photo_id: { label: 'Photo ID', icon: BadgeCheck },
  insurance: { label: 'Insurance', icon: ShieldCheck },
  accreditation: { label: 'Accreditation', icon: FileCheck },
};

const PROFILE_AVATAR_SIZE = 96;

/** The public tradesperson profile (spec section 2, /tradesperson/{id}), from real data only. */
export function PublicProfileView({ id }: { id: string }) {
  const profile = useTradespersonProfile(id);
  // Asked for beside the profile rather than once it has arrived (ReviewsList reads the same query):
  // one round trip instead of two, in the browser and in the server's render.
  useTradespersonReviews(id);
  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.error instanceof ApiError && profile.error.status === 404) return <ProfileNotFound />;
  if (profile.isError) {
    return (
      <div className="mx-auto max-w-4xl px-4 py-8">
        <ErrorState text="We could not load this profile." onRetry={() => void profile.refetch()} />
      </div>
    );
  }
  return <ProfileContent profile={profile.data} />;
}

function ProfileNotFound() {
  return (
    <ScreenNotice
      icon={UserRoundSearch}
      title="Tradesperson not found"
      link={{ to: '/browse', label: 'Find Tradespeople' }}
    >
      This profile does not exist, has been hidden by its owner, or is no longer active.
    </ScreenNotice>
  );
}

function ProfileContent({ profile }: { profile: PublicProfile }) {
  const name = tradespersonName(profile);
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8">
      <Link
        to="/browse"
        className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Find Tradespeople
      </Link>

      <ProfileHeaderCard profile={profile} name={name} />

      {!profile.verified && (
        <p className="rounded-xl border border-border bg-muted px-4 py-3 text-sm">
          {name} has not finished our checks yet, so they do not appear in search results.
        </p>
      )}

      {/* On phones the facts come before the (long) reviews; on wider screens they sit beside them. */}
      <div className="grid gap-6 md:grid-cols-[2fr_1fr] md:grid-rows-[auto_1fr]">
        <div className="md:col-start-1">
          <AboutCard profile={profile} name={name} />
        </div>
        <div className="space-y-6 md:col-start-2 md:row-span-2 md:row-start-1">
          <TagCard title="Specialties" tags={profile.specialties} none="No specialties listed." />
          <TagCard title="Service areas" tags={profile.serviceAreas} none="No service areas listed." />
          <VerificationCard checks={profile.checks} />
        </div>
        <div className="md:col-start-1">
          <ReviewsSection profile={profile} name={name} />
        </div>
      </div>
    </div>
  );
}

/** Who they are: avatar, name, Verified, trade, rating, where they work, and Save and Message. */
function ProfileHeaderCard({ profile, name }: { profile: PublicProfile; name: string }) {
  const subtitle = [profile.trade, profile.businessName].filter(Boolean).join(' · ');
  return (
    <Card>
      <CardContent className="flex flex-col gap-6 p-6 sm:flex-row sm:items-start">
        <AvatarImage
          src={profile.avatarUrl}
          alt={`Avatar of ${name}`}
          size={PROFILE_AVATAR_SIZE}
          className="size-24"
        />
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{name}</h1>
            {profile.verified && (
              <span className="inline-flex items-center gap-1 rounded-full bg-primary/10 px-2 py-0.5 text-sm font-medium text-primary">
                <BadgeCheck className="size-4" aria-hidden="true" />
                Verified
              </span>
            )}
            {profile.vatRegistered && (
              <span className="inline-flex items-center rounded-full bg-muted px-2 py-0.5 text-sm font-medium">
                VAT registered
              </span>
            )}
          </div>
          {subtitle && <p className="text-muted-foreground">{subtitle}</p>}
          <Rating rating={profile.rating} reviewCount={profile.reviewCount} />
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
            {profile.baseDistrict && (
              <span className="flex items-center gap-1">
                <MapPin className="size-4" aria-hidden="true" />
                {profile.baseDistrict} · covers {profile.serviceRadiusMiles} miles
              </span>
            )}
            <span className="flex items-center gap-1">
              <Calendar className="size-4" aria-hidden="true" />
              {/* Dates here are read in the browser's time zone, which a server render (issue 40) cannot
                  know: only the text of the <time> may differ when the page hydrates. */}
              Member since{' '}
              <time dateTime={profile.memberSince} suppressHydrationWarning>
                {formatMonthEnGb(profile.memberSince)}
              </time>
            </span>
          </p>
          <ProfileActions profile={profile} />
        </div>
      </CardContent>
    </Card>
  );
}

/** Their own description and the facts of their work. */
function AboutCard({ profile, name }: { profile: PublicProfile; name: string }) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2">About</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="break-words whitespace-pre-line">
          {profile.bio?.trim() || (
            <span className="text-muted-foreground">{name} has not written a description yet.</span>
          )}
        </p>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <Fact icon={<Briefcase aria-hidden="true" />} term="Experience">
            {profile.yearsExperience === null
              ? 'Not given'
              : `${profile.yearsExperience} ${profile.yearsExperience === 1 ? 'year' : 'years'}`}
          </Fact>
          <Fact icon={<PoundSterling aria-hidden="true" />} term="Hourly rate">
            {rateText(profile.hourlyRateMin, profile.hourlyRateMax)}
          </Fact>
          <Fact icon={<MapPin aria-hidden="true" />} term="Based in">
            {profile.baseDistrict ?? 'Not given'}
          </Fact>
          <Fact icon={<MapPin aria-hidden="true" />} term="Travels up to">
            {`${profile.serviceRadiusMiles} ${profile.serviceRadiusMiles === 1 ? 'mile' : 'miles'}`}
          </Fact>
        </dl>
      </CardContent>
    </Card>
  );
}

/** The checks TradeNest completed on them, with when and until when. */
function VerificationCard({ checks }: { checks: PublicProfile['checks'] }) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2">Verification</CardTitle>
      </CardHeader>
      <CardContent>
        {checks.length === 0 ? (
          <p className="text-sm text-muted-foreground">No checks completed yet.</p>
        ) : (
          <ul className="space-y-3">
            {checks.map((check) => {
              const { label, icon: Icon } = CHECK_LABELS[check.kind];
              return (
                <li key={`${check.kind}-${check.title}`} className="flex gap-3 text-sm">
                  <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                  <div className="min-w-0">
                    <p className="font-medium">{label}</p>
                    {check.title !== label && (
                      <p className="break-words text-muted-foreground">{check.title}</p>
                    )}
                    <p className="text-muted-foreground">
                      Verified{' '}
                      <time dateTime={check.verifiedAt} suppressHydrationWarning>
                        {formatDayEnGb(check.verifiedAt)}
                      </time>
                      {check.expiresOn && ` · valid until ${formatDayEnGb(check.expiresOn)}`}
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Their reviews, with a link to all of them when the reader may see them. */
function ReviewsSection({ profile, name }: { profile: PublicProfile; name: string }) {
  return (
    <section aria-labelledby="reviews-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="reviews-heading" className="text-xl font-semibold">
          Reviews ({profile.reviewCount})
        </h2>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <Rating rating={profile.rating} reviewCount={profile.reviewCount} />
          {profile.reviewCount > 0 && (profile.reviewsPublic || profile.isOwnProfile) && (
            <Link
              to={`/reviews?${new URLSearchParams({ tradesperson: profile.id })}`}
              className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              See all reviews
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          )}
        </div>
      </div>
      <ReviewsList
        tradespersonId={profile.id}
        tradespersonName={name}
        reviewsPublic={profile.reviewsPublic}
      />
    </section>
  );
}

function Fact({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    // A <dl> may only hold <div>s that group a <dt> with its <dd>: the icon lives inside the term.
    <div>
      <dt className="flex items-center gap-2 text-muted-foreground [&_svg]:size-4">
        {icon}
        {term}
      </dt>
      <dd className="pl-6 font-medium">{children}</dd>
    </div>
  );
}

function TagCard({ title, tags, none }: { title: string; tags: string[]; none: string }) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {tags.length === 0 ? (
          <p className="text-sm text-muted-foreground">{none}</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {tags.map((tag) => (
              <li key={tag} className="rounded-full bg-muted px-3 py-1 text-sm font-medium break-all">
                {tag}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Request Quote and Message. Visitors are sent to sign in (spec section 2). A customer's quote request
 * opens Post a Job with this tradesperson invited; Message opens the conversation with them (the server
 * attaches the latest job they may talk about).
 */
function ProfileActions({ profile }: { profile: PublicProfile }) {
  const session = useSession();
  if (session.status === 'loading') return <div className="h-10" />;

  if (profile.isOwnProfile) {
    return (
      <div className="flex flex-wrap items-center gap-3 pt-2">
        <LinkButton to="/edit-tradesperson-profile" icon={Pencil} variant="outline">
          Edit Profile
        </LinkButton>
        <span className="text-sm text-muted-foreground">This is how customers see your profile.</span>
      </div>
    );
  }

  if (!session.user) {
    return (
      <div className="flex flex-wrap items-center gap-2 pt-2">
        <LinkButton to="/auth" icon={Send}>
          Request Quote
        </LinkButton>
        <LinkButton to="/auth" icon={MessageSquare} variant="outline">
          Message
        </LinkButton>
        <SaveButton person={profile} look="labelled" />
        <RepeatServiceFromProfile tradesperson={repeatOf(profile)} />
      </div>
    );
  }

  const customer = session.user.userType === 'customer';
  return (
    <div className="flex flex-wrap items-center gap-2 pt-2">
      {customer && (
        <LinkButton to={`/post-job?${new URLSearchParams({ tradesperson: profile.id })}`} icon={Send}>
          Request Quote
        </LinkButton>
      )}
      {/* Tradespeople never share a job with each other, so only customers can start a conversation here. */}
      {customer && <MessageButton userId={profile.id} />}
      {customer && <SaveButton person={profile} look="labelled" />}
      {customer && <RepeatServiceFromProfile tradesperson={repeatOf(profile)} />}
    </div>
  );
}

/** Who a repeat service is asked of, and the kinds of work they do. */
const repeatOf = (profile: PublicProfile) => ({
  id: profile.id,
  trade: profile.trade,
  name: profile.businessName ?? profile.fullName ?? 'The tradesperson',
});

function ProfileSkeleton() {
  const pulse = 'animate-pulse rounded bg-muted motion-reduce:animate-none';
  return (
    // At least as tall as the window, as the profile is: the footer stays below the fold until it arrives.
    <div role="status" aria-busy="true" className="mx-auto min-h-dvh w-full max-w-4xl space-y-6 px-4 py-8">
      <span className="sr-only">Loading profile…</span>
      <div aria-hidden="true" className={`h-5 w-40 ${pulse}`} />
      <div
        aria-hidden="true"
        className="flex flex-col gap-6 rounded-xl border border-border bg-card p-6 sm:flex-row"
      >
        <div className="size-24 shrink-0 animate-pulse rounded-full bg-muted motion-reduce:animate-none" />
        <div className="flex-1 space-y-3">
          <div className={`h-8 w-1/2 ${pulse}`} />
          <div className={`h-5 w-1/3 ${pulse}`} />
          <div className={`h-5 w-1/4 ${pulse}`} />
          <div className={`h-5 w-2/3 ${pulse}`} />
          <div className={`h-10 w-72 max-w-full ${pulse}`} />
        </div>
      </div>
      <div aria-hidden="true" className="grid gap-6 md:grid-cols-[2fr_1fr]">
        <div className={`h-64 ${pulse}`} />
        <div className={`h-64 ${pulse}`} />
      </div>
    </div>
  );
}
