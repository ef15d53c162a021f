import { LIMITS } from '@domain/catalog/catalog';

// Each claim is what the server does: paid when complete, held for the protection window, then released.
const DAYS = LIMITS.escrowProtectionDays;

const STEPS = [
  {
    title: 'Post Your Job',
    description: 'Describe the work, add your postcode and a budget if you have one. Posting is free.',
  },
  {
    title: 'Get Quotes',
    description:
      'Up to 3 local tradespeople send you a quote. Compare prices, profiles and reviews, and message them with questions.',
  },
  {
    title: 'Book & Pay Securely',
    description: `Accept the quote that suits you and pay when the work is done. We hold the money in escrow for ${DAYS} days.`,
  },
  {
    title: 'Review & Done',
    description: `Release the money when you are happy, or we release it after ${DAYS} days. Your review helps the next customer choose.`,
  },
] as const;

export function HowItWorks() {
  return (
    <section aria-labelledby="how-it-works-heading" className="bg-muted px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <h2 id="how-it-works-heading" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
          How It Works
        </h2>
        <ol className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step.title} className="text-center">
              <span
                className="mx-auto flex size-12 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-foreground"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold">{step.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{step.description}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
