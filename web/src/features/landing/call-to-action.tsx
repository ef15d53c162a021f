import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

export function CallToAction() {
  return (
    <section aria-labelledby="cta-heading" className="px-4 pb-16">
      <div className="mx-auto max-w-6xl rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground sm:px-12 dark:bg-blue-900 dark:text-white">
        <h2 id="cta-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Ready to get your job done?
        </h2>
        <p className="mx-auto mt-4 max-w-2xl">
          Post your job in minutes and hear from trusted local tradespeople. Are you a tradesperson? Join
          TradeNest and find work near you.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg" variant="secondary">
            <Link to="/post-job">Post a Job Now</Link>
          </Button>
          <OutlineLink to="/browse-services">Browse Professionals</OutlineLink>
          <OutlineLink to="/auth?mode=signup&type=tradesperson">Join as a Pro</OutlineLink>
        </div>
      </div>
    </section>
  );
}

/** A secondary action drawn in the band's own text colour (outline on the coloured background). */
function OutlineLink({ to, children }: { to: string; children: string }) {
  return (
    <Button
      asChild
      size="lg"
      variant="outline"
      className="border-current bg-transparent text-inherit hover:bg-white/10"
    >
      <Link to={to}>{children}</Link>
    </Button>
  );
}
