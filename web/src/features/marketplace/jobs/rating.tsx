import { Star } from 'lucide-react';

/** A person's real rating: '4.7' with a star and '(12 reviews)', or '0.0' and 'No reviews yet'. */
export function Rating({ rating, reviewCount }: { rating: number; reviewCount: number }) {
  const none = reviewCount === 0;
  const label = none
    ? 'No reviews yet'
    : `Rated ${rating.toFixed(1)} out of 5 from ${reviewCount} ${reviewCount === 1 ? 'review' : 'reviews'}`;
  return (
    <span className="inline-flex items-center gap-1 text-sm" role="img" aria-label={label}>
      <Star
        className={none ? 'size-4 text-muted-foreground' : 'size-4 fill-amber-400 text-amber-500'}
        aria-hidden="true"
      />
      <span className="font-medium" aria-hidden="true">
        {(none ? 0 : rating).toFixed(1)}
      </span>
      <span className="text-muted-foreground" aria-hidden="true">
        {none ? 'No reviews yet' : `(${reviewCount} ${reviewCount === 1 ? 'review' : 'reviews'})`}
      </span>
    </span>
  );
}
