import { CardSkeletonFrame, Pulse } from '@/components/skeleton-pulse';

// Cards and their skeletons share one fixed height, so a list does not jump when it arrives. Kept
// apart from the card so a page can reserve the space without loading the card's code.
export const TRADESPERSON_CARD_HEIGHT = 'h-64';

/** A placeholder of the card's exact height while a list loads. */
export function TradespersonCardSkeleton() {
  return (
    <CardSkeletonFrame height={TRADESPERSON_CARD_HEIGHT}>
      <div className="flex items-start gap-3">
        <Pulse className="size-14 shrink-0 rounded-full" />
        <div className="flex-1 space-y-2">
          <Pulse className="h-5 w-2/3" />
          <Pulse className="h-4 w-1/3" />
          <Pulse className="h-4 w-1/2" />
        </div>
      </div>
      <Pulse className="h-4 w-1/2" />
      <Pulse className="h-5 w-3/4" />
      <Pulse className="mt-auto h-6 w-1/3" />
    </CardSkeletonFrame>
  );
}

/** The tradesperson cards' grid while it loads: `count` placeholders in the cards' own grid. */
export function TradespersonCardSkeletons({ count }: { count: number }) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders with no identity
        <li key={index}>
          <TradespersonCardSkeleton />
        </li>
      ))}
    </ul>
  );
}
