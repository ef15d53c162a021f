import { HOME_POPULAR_SERVICES, LIMITS } from '@domain/catalog/catalog';
import {
  BadgeCheck,
  Hammer,
  House,
  Layers,
  LogOut,
  type LucideIcon,
  Paintbrush,
  Plus,
  ShieldCheck,
  Star,
  Users,
  Wrench,
  Zap,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LinkButton } from '@/components/link-button';
import { Button } from '@/components/ui/button';
import { greeting, useSession, useSignOut } from '@/features/accounts';
import {
  HeroSearch,
  TradespersonCardGrid,
  TradespersonCardSkeletons,
  useFeaturedTradespeople,
} from '@/features/discovery';

// The spec's three trust tiles; the copy says only what the platform checks.
const TRUST_TILES: readonly { title: string; text: string; icon: LucideIcon }[] = [
  { title: 'Verified Pros', text: 'Photo ID checked by our team', icon: BadgeCheck },
  { title: 'Fully Insured', text: 'Public liability insurance checked', icon: ShieldCheck },
  { title: 'Top Rated', text: 'Reviews only from completed jobs', icon: Star },
];

const SERVICE_ICONS: Record<(typeof HOME_POPULAR_SERVICES)[number], LucideIcon> = {
  Plumbing: Wrench,
  Electrical: Zap,
  Carpentry: Hammer,
  Painting: Paintbrush,
  Roofing: House,
  Flooring: Layers,
};

/** Customer home (spec section 2, /home). */
export function CustomerHome() {
  const { user } = useSession();
  const signOut = useSignOut();
  const firstName = user?.fullName?.trim().split(/\s+/)[0];

  return (
    <div className="mx-auto w-full max-w-6xl space-y-10 px-4 py-8">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight break-words">
            {greeting(user?.id ?? '', firstName)}
          </h1>
          <p className="mt-1 text-muted-foreground">What can we help you get done today?</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <LinkButton to="/post-job" icon={Plus}>
            Post a Job
          </LinkButton>
          <Button
            variant="outline"
            disabled={signOut.isPending}
            aria-busy={signOut.isPending}
            onClick={() => signOut.mutate()}
          >
            <LogOut aria-hidden="true" />
            Sign Out
          </Button>
        </div>
      </header>

      <HomeSection id="search" title="Search for a tradesperson" headingHidden>
        <HeroSearch serviceLabel="What do you need done?" idPrefix="home" />
      </HomeSection>

      <HomeSection id="trust" title="Why TradeNest" headingHidden>
        <ul className="grid grid-cols-3 gap-2 sm:gap-4">
          {TRUST_TILES.map(({ title, text, icon: Icon }) => (
            <li
              key={title}
              className="flex flex-col items-center gap-2 rounded-xl border border-border bg-card p-3 text-center text-card-foreground sm:p-5"
            >
              <Icon className="size-7 text-primary" aria-hidden="true" />
              <h3 className="text-sm font-semibold sm:text-base">{title}</h3>
              <p className="hidden text-sm text-muted-foreground sm:block">{text}</p>
            </li>
          ))}
        </ul>
      </HomeSection>

      <HomeSection id="services" title="Popular Services">
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {HOME_POPULAR_SERVICES.map((service) => {
            const Icon = SERVICE_ICONS[service];
            return (
              <li key={service}>
                <Link
                  to={`/browse-services?${new URLSearchParams({ service })}`}
                  className="flex h-full flex-col items-center gap-2 rounded-xl border border-border bg-card p-4 text-center font-medium text-card-foreground transition-colors hover:border-primary hover:bg-primary/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  <Icon className="size-6 text-primary" aria-hidden="true" />
                  {service}
                </Link>
              </li>
            );
          })}
        </ul>
      </HomeSection>

      <FeaturedOnHome />
    </div>
  );
}

/** Up to 3 featured professionals; their failure to load is silent (spec section 8): no section. */
function FeaturedOnHome() {
  const featured = useFeaturedTradespeople(LIMITS.featuredOnHome);
  if (featured.isError) return null;
  return (
    <section aria-labelledby="home-featured-heading">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="home-featured-heading" className="text-xl font-bold tracking-tight sm:text-2xl">
          Featured Professionals
        </h2>
        <Link to="/browse" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          Browse all
        </Link>
      </div>
      <div className="mt-4" aria-busy={featured.isPending}>
        {featured.isPending ? (
          <TradespersonCardSkeletons count={3} />
        ) : featured.data.length === 0 ? (
          <p className="flex items-center justify-center gap-2 rounded-xl border border-dashed border-border px-4 py-10 text-center text-muted-foreground">
            <Users className="size-5" aria-hidden="true" />
            No tradespeople available yet
          </p>
        ) : (
          <TradespersonCardGrid tradespeople={featured.data} />
        )}
      </div>
    </section>
  );
}

/** A part of the home screen, named by its h2 (`headingHidden`: a name for screen readers only). */
function HomeSection({
  id,
  title,
  headingHidden = false,
  children,
}: {
  id: string;
  title: string;
  headingHidden?: boolean;
  children: ReactNode;
}) {
  const headingId = `home-${id}-heading`;
  return (
    <section aria-labelledby={headingId}>
      <h2
        id={headingId}
        className={headingHidden ? 'sr-only' : 'text-xl font-bold tracking-tight sm:text-2xl'}
      >
        {title}
      </h2>
      {children}
    </section>
  );
}
