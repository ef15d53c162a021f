import { CallToAction } from '@/features/landing/call-to-action';
import { FeaturedProfessionals } from '@/features/landing/featured-professionals';
import { Hero } from '@/features/landing/hero';
import { HowItWorks } from '@/features/landing/how-it-works';
import { PopularCategories } from '@/features/landing/popular-categories';
import { QuickCards } from '@/features/landing/quick-cards';
import { TrustPoints } from '@/features/landing/trust-points';

// The spec's order: hero, quick cards, Popular Categories, How It Works, trust points, Featured
// Professionals (real verified tradespeople only; hidden when there are none), call to action.
export function LandingPage() {
  return (
    <>
      <Hero />
      <QuickCards />
      <PopularCategories />
      <HowItWorks />
      <TrustPoints />
      <FeaturedProfessionals />
      <CallToAction />
    </>
  );
}

export { LandingPage as Component };
