import { LIMITS } from '@domain/catalog/catalog';
import { Link } from 'react-router';
import { TradespersonCard, TradespersonCardSkeleton, useFeaturedTradespeople } from '@/features/discovery';

/**
 * Featured Professionals on the landing page (spec: up to 6, verified, best rated first): its own
 * chunk, loaded when the reader nears it. With none, or when they cannot be loaded, the section is
 * left out without a word (spec section 8: silent).
 */
export default function FeaturedSection() {
  const featured = useFeaturedTradespeople(LIMITS.featuredOnLanding);
  if (featured.isError || featured.data?.length === 0) return null;

  const count = featured.data?.length ?? LIMITS.featuredOnLanding;
  return (
    <section aria-labelledby="featured-heading" className="mx-auto max-w-6xl px-4 pb-16">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="featured-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Featured Professionals
        </h2>
        <Link to="/browse" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          See all professionals
        </Link>
      </div>
      <p className="mt-2 text-muted-foreground">
        Verified tradespeople with the best reviews from real jobs.
      </p>
      <ul
        className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
        aria-busy={featured.isPending}
      >
        {featured.data
          ? featured.data.map((tradesperson) => (
              <li key={tradesperson.id}>
                <TradespersonCard tradesperson={tradesperson} />
              </li>
            ))
          : Array.from({ length: count }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders with no identity
              <li key={index}>
                <TradespersonCardSkeleton />
              </li>
            ))}
      </ul>
    </section>
  );
}
