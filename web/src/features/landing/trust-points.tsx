import { LIMITS } from '@domain/catalog/catalog';
import { BadgeCheck, Lock, type LucideIcon, ShieldCheck, Star } from 'lucide-react';

// The spec's four marketing claims; the copy says only what the platform actually enforces.
const TRUST_POINTS: readonly { title: string; description: string; icon: LucideIcon }[] = [
  {
    title: 'ID-verified tradespeople',
    description:
      'Every tradesperson in our listings has had photo ID checked by our team before they can appear in search.',
    icon: BadgeCheck,
  },
  {
    title: 'Insured for your peace of mind',
    description:
      'We check each tradesperson’s public liability insurance and hide their profile if it lapses.',
    icon: ShieldCheck,
  },
  {
    title: 'Secure escrow payment',
    description: `You pay through TradeNest when the job is done. We hold the money for ${LIMITS.escrowProtectionDays} days, and our team can refund it if something is wrong.`,
    icon: Lock,
  },
  {
    title: 'Genuine reviews only',
    description:
      'Reviews come only from bookings that were completed and paid, so every rating is real work.',
    icon: Star,
  },
];

export function TrustPoints() {
  return (
    <section aria-labelledby="trust-heading" className="mx-auto max-w-6xl px-4 py-16">
      <h2 id="trust-heading" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
        Why homeowners trust TradeNest
      </h2>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {TRUST_POINTS.map(({ title, description, icon: Icon }) => (
          <li key={title} className="rounded-xl border border-border bg-card p-6 text-card-foreground">
            <Icon className="size-8 text-primary" aria-hidden="true" />
            <h3 className="mt-4 font-semibold">{title}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
