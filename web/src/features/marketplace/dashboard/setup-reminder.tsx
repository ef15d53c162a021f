import { ClipboardCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useOwnProfile } from '@/features/profiles';

/**
 * Until Business Setup is complete, the dashboard points to it: without a base postcode and a trade a
 * tradesperson cannot be found or quote. Nothing shows while the profile loads or if it fails to.
 */
export function SetupReminder() {
  const profile = useOwnProfile();
  if (!profile.data || profile.data.setupCompletedAt) return null;
  return (
    <section
      aria-labelledby="setup-reminder-heading"
      className="flex flex-col gap-3 rounded-xl border border-primary/40 bg-primary/5 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-3">
        <ClipboardCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <div>
          <h2 id="setup-reminder-heading" className="font-semibold">
            Finish your Business Setup
          </h2>
          <p className="text-sm text-muted-foreground">
            Add your base, services and prices, and upload your verification documents so customers can find
            you.
          </p>
        </div>
      </div>
      <Button asChild className="shrink-0">
        <Link to="/tradesperson/setup">Continue setup</Link>
      </Button>
    </section>
  );
}
