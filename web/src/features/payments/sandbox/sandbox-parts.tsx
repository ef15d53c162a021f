import type { ComponentProps, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { isNotFound } from './api';

/** The prominent "this is the sandbox" notice each page opens with. */
export function SandboxBanner({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <aside
      aria-label="Sandbox"
      className={cn(
        'rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100',
        className,
      )}
    >
      {children}
    </aside>
  );
}

/** A page's message when there is nothing to fill in: expired, complete, not found. */
export function SandboxNotice({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section className="rounded-xl border border-border bg-card p-6 text-center text-card-foreground shadow-sm">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <div className="mt-3 text-muted-foreground">{children}</div>
      {action && <div className="mt-6 flex justify-center">{action}</div>}
    </section>
  );
}

/** Waiting for the page's session or link. */
export function SandboxLoading({ what }: { what: string }) {
  return (
    <div role="status" aria-busy="true" className="space-y-4">
      <span className="sr-only">Loading {what}…</span>
      <div aria-hidden="true" className="h-24 animate-pulse rounded-xl bg-muted motion-reduce:animate-none" />
      <div aria-hidden="true" className="h-72 animate-pulse rounded-xl bg-muted motion-reduce:animate-none" />
    </div>
  );
}

/**
 * Why a page could not load its session, intent or link: it does not exist (`notFound`, the page's own
 * words), or the request failed, with a retry. `what` ends "We could not load this …".
 */
export function SandboxLoadFailed({
  error,
  retry,
  notFound,
  what,
}: {
  error: unknown;
  retry: () => unknown;
  notFound: { title: string; text: string };
  what: string;
}) {
  return isNotFound(error) ? (
    <SandboxNotice title={notFound.title}>
      <p>{notFound.text}</p>
    </SandboxNotice>
  ) : (
    <SandboxNotice
      title="Something went wrong"
      action={<Button onClick={() => void retry()}>Try again</Button>}
    >
      <p>We could not load this {what}.</p>
    </SandboxNotice>
  );
}

/**
 * A required field typed as digits (card and bank numbers): phones show the number pad. `input` carries
 * the registration and the input's own hints (autocomplete, placeholder, length).
 */
export function DigitsField({
  id,
  label,
  error,
  input,
}: {
  id: string;
  label: string;
  error: string | undefined;
  input: ComponentProps<typeof Input>;
}) {
  return (
    <Field id={id} label={label} required error={error}>
      {(control) => <Input inputMode="numeric" {...input} {...control} />}
    </Field>
  );
}
