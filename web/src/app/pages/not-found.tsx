import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Oops! Page not found</h1>
      <p className="mt-4 text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Button asChild className="mt-8">
        <Link to="/">Return to Home</Link>
      </Button>
    </section>
  );
}

export { NotFoundPage as Component };
