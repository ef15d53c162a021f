import { LIMITS } from '@domain/catalog/catalog';
import type { TradespersonCard as TradespersonCardView } from '@domain/discovery/api';
import { milesAwayText } from '@domain/geo/distance';
import { BadgeCheck, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { AvatarImage } from '@/components/avatar-image';
import { Rating } from '@/features/reviews';
import { rateText, tradespersonName } from './format';
import { SaveButton } from './save-button';
import { TRADESPERSON_CARD_HEIGHT } from './tradesperson-card-skeleton';

export { TradespersonCardSkeleton } from './tradesperson-card-skeleton';

export const AVATAR_SIZE = 56;

type CardProps = {
  tradesperson: TradespersonCardView;
  /** The heading level that fits the page outline. */
  headingLevel?: 'h2' | 'h3';
};

/** One tradesperson in a list (spec section 3, Featured tradesperson card); the card opens their profile. */
export function TradespersonCard({ tradesperson, headingLevel: Heading = 'h3' }: CardProps) {
  const name = tradespersonName(tradesperson);
  const rate = rateText(tradesperson.hourlyRateMin, tradesperson.hourlyRateMax);
  const hasRate = tradesperson.hourlyRateMin !== null || tradesperson.hourlyRateMax !== null;
  return (
    <article
      className={`relative flex ${TRADESPERSON_CARD_HEIGHT} flex-col gap-3 overflow-hidden rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm transition-colors focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ring hover:border-primary`}
    >
      <div className="flex items-start gap-3">
        <AvatarImage
          src={tradesperson.avatarUrl}
          alt={`Avatar of ${name}`}
          size={AVATAR_SIZE}
          lazy
          className="size-14"
        />
        <div className="min-w-0 flex-1">
          <Heading className="flex min-w-0 items-center gap-1 text-base font-semibold">
            {/* The link's box covers the card, so the whole card is one target with one accessible name. */}
            <Link
              to={`/tradesperson/${tradesperson.id}`}
              className="truncate outline-none after:absolute after:inset-0"
            >
              {name}
            </Link>
            {tradesperson.verified && (
              <span className="flex shrink-0 items-center text-primary">
                <BadgeCheck className="size-4" aria-hidden="true" />
                <span className="sr-only">Verified</span>
              </span>
            )}
          </Heading>
          <p className="truncate text-sm text-muted-foreground">{tradesperson.trade ?? 'Trade not set'}</p>
          <Rating rating={tradesperson.rating} reviewCount={tradesperson.reviewCount} />
        </div>
        <SaveButton person={tradesperson} card={tradesperson} className="-mt-1 -mr-1" />
      </div>

      <p className="flex min-w-0 items-center gap-1 text-sm text-muted-foreground">
        <MapPin className="size-4 shrink-0" aria-hidden="true" />
        <span className="truncate">{tradesperson.location}</span>
        {tradesperson.distanceMiles !== null && (
          <span className="shrink-0">· {milesAwayText(tradesperson.distanceMiles)}</span>
        )}
      </p>

      {tradesperson.specialties.length > 0 && (
        <ul aria-label="Specialties" className="flex max-h-[4.25rem] flex-wrap gap-1 overflow-hidden">
          {tradesperson.specialties.slice(0, LIMITS.specialtiesOnCard).map((specialty) => (
            <li
              key={specialty}
              className="max-w-full truncate rounded-full bg-muted px-2 py-0.5 text-xs font-medium"
            >
              {specialty}
            </li>
          ))}
        </ul>
      )}

      <p className="mt-auto flex items-baseline gap-1 border-t border-border pt-2 text-sm">
        <span className="font-semibold">{rate}</span>
        {hasRate && <span className="text-muted-foreground">per hour</span>}
      </p>
    </article>
  );
}

/** Tradesperson cards in the grid every list of them uses (one column on phones, up to three). */
export function TradespersonCardGrid({
  tradespeople,
  headingLevel,
}: {
  tradespeople: readonly TradespersonCardView[];
  headingLevel?: CardProps['headingLevel'];
}) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {tradespeople.map((tradesperson) => (
        <li key={tradesperson.id}>
          <TradespersonCard tradesperson={tradesperson} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
