import { lazy, Suspense, useState } from 'react';
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
  // A page the server rendered (web/src/server-render.tsx) already shows the section with its data: it
  // hydrates as it is instead of being swapped for the reserved space.
  const [inPage] = useState(
    () => typeof document !== 'undefined' && document.getElementById('featured-heading') !== null,
  );
  if (!near && !inPage) return <ReservedSpace ref={ref} />;
  return (
    <Suspense fallback={<ReservedSpace />}>
      <FeaturedSection />
    </Suspense>
  );
}
