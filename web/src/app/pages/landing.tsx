import { CallToAction } from '@/features/landing/call-to-action';
import { Hero } from '@/features/landing/hero';
import { HowItWorks } from '@/features/landing/how-it-works';
import { PopularCategories } from '@/features/landing/popular-categories';
import { QuickCards } from '@/features/landing/quick-cards';
import { TrustPoints } from '@/features/landing/trust-points';

// Featured Professionals (spec: up to 6) arrive with the listings issue; until real verified
// tradespeople exist the section is left out rather than filled with sample people.
export function LandingPage() {
  return (
    <>
      <Hero />
      <QuickCards />
      <PopularCategories />
      <HowItWorks />
      <TrustPoints />
      <CallToAction />
    </>
  );
}

export { LandingPage as Component };
