import { HERO_ROTATING_TRADES, ROTATING_WORD_INTERVAL_MS } from '@domain/catalog/catalog';
import { HeroSearch, useVisitorLocation } from '@/features/discovery';
import { cn } from '@/lib/utils';
import { RotatingWord } from './rotating-word';

// The spec's fallback when the visitor's town is unknown.
export const CITY_FALLBACK = 'your area';

/**
 * The landing hero. The visitor's town comes from the server's IP lookup; until it answers (briefly:
 * it gives up after a moment) the town's line keeps its place but stays invisible, so the heading
 * does not read 'your area' and then jump to a name.
 */
export function Hero() {
  const visitor = useVisitorLocation();
  const city = visitor.city ?? CITY_FALLBACK;
  return (
    <section className="bg-gradient-to-b from-primary/10 to-background px-4 pt-16 pb-12 text-center sm:pt-24">
      <h1 className="mx-auto max-w-4xl text-[2rem] leading-tight font-extrabold tracking-tight sm:text-5xl md:text-6xl">
        {/* A stable name for assistive technology; the rotating version is for the eyes only. */}
        <span className="sr-only">Find a trusted local tradesperson in {city}</span>
        <span aria-hidden="true">
          Find a trusted
          <span className="block">
            <RotatingWord
              words={HERO_ROTATING_TRADES}
              intervalMs={ROTATING_WORD_INTERVAL_MS}
              className="text-primary"
            />
          </span>
          <span className={cn('block', !visitor.settled && 'invisible')}>in {city}</span>
        </span>
      </h1>
      <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
        Post your job for free, get up to 3 quotes from ID-verified, insured tradespeople near you, and pay
        safely through escrow.
      </p>
      <div className="mt-10">
        <HeroSearch suggestedLocation={visitor.district} />
      </div>
    </section>
  );
}
