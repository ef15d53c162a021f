import { lazy, Suspense } from 'react';
import { useNearViewport } from '@/lib/use-near-viewport';

// Everything of the section (its query, the cards, their icons) stays out of the landing page's first
// JavaScript: it loads when the reader scrolls near it.
const FeaturedSection = lazy(() => import('./featured-section'));

/**
 * Holds the place of six cards with their heading (one, two or three columns), so the page below
 * barely moves when the section arrives; and any change happens well below the reader's screen.
 */
function ReservedSpace({ ref }: { ref?: (element: HTMLDivElement | null) => void }) {
  return <div ref={ref} aria-hidden="true" className="h-[113rem] sm:h-[60rem] lg:h-[43rem]" />;
}

export function FeaturedProfessionals() {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  if (!near) return <ReservedSpace ref={ref} />;
  return (
    <Suspense fallback={<ReservedSpace />}>
      <FeaturedSection />
    </Suspense>
  );
}
