import { Construction } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** The one honest panel shown by every screen that a later issue builds. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <span className="mb-6 flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Construction className="size-7" aria-hidden="true" />
      </span>
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-4 text-muted-foreground">
        This part of TradeNest is being built and is not available yet. Please check back soon.
      </p>
      <Button asChild className="mt-8">
        <Link to="/">Back to the home page</Link>
      </Button>
    </section>
  );
}
