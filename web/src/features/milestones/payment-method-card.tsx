import type { PaymentMethodsResponse, PaymentMethodView } from '@domain/milestones/api';
import type { UseQueryResult } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { fieldClass } from '@/components/ui/field-class';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

const brandName = (brand: string) => (brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : 'Card');
const expiry = (card: PaymentMethodView) => `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;

/** 'Visa •••• 4242, expires 04/2030', as a choice of card reads. */
export const cardLabel = (card: PaymentMethodView) =>
  `${brandName(card.brand)} •••• ${card.last4}, expires ${expiry(card)}`;

/** The cards that can pay: expired ones are refused by the provider. */
export const usableCards = (cards: PaymentMethodsResponse | undefined) =>
  cards?.paymentMethods.filter((c) => !c.expired) ?? [];

/**
 * The spec's add-payment-method card on the milestones page: the card Pay will use, a choice when
 * there are several, and the way to Payment Methods to add or manage them. Without a usable card, it
 * says to add one (Pay is disabled meanwhile).
 */
export function PaymentMethodCard({
  cards,
  card,
  onChoose,
}: {
  cards: UseQueryResult<PaymentMethodsResponse>;
  /** The card Pay will use. */
  card: PaymentMethodView | null;
  onChoose: (id: string) => void;
}) {
  const usable = usableCards(cards.data);
  const none = cards.isSuccess && !card;
  return (
    <Card className="space-y-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 font-semibold">
          <CreditCard className="size-5 text-muted-foreground" aria-hidden="true" />
          Payment method
        </h2>
        <Button asChild size="sm" variant={none ? 'default' : 'outline'}>
          <Link to="/payment-methods">{none ? 'Add payment method' : 'Manage cards'}</Link>
        </Button>
      </div>
      {cards.isPending ? (
        <p className="text-sm text-muted-foreground">Loading your cards…</p>
      ) : cards.isError ? (
        <p className="text-sm text-muted-foreground">
          We couldn't load your saved cards; Pay uses your default card.{' '}
          <button
            type="button"
            className="font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            onClick={() => void cards.refetch()}
          >
            Try again
          </button>
        </p>
      ) : card && usable.length > 1 ? (
        <div className="space-y-1.5">
          <Label htmlFor="milestone-card">Card to pay with</Label>
          <select
            id="milestone-card"
            value={card.id}
            onChange={(event) => onChoose(event.target.value)}
            className={cn(fieldClass, 'h-10 sm:max-w-sm')}
          >
            {usable.map((c) => (
              <option key={c.id} value={c.id}>
                {cardLabel(c)}
                {c.isDefault ? ' (default)' : ''}
              </option>
            ))}
          </select>
        </div>
      ) : card ? (
        <p className="text-sm">
          Pay uses your {brandName(card.brand)} <span aria-hidden="true">••••</span>
          <span className="sr-only">ending in</span> {card.last4}, expires {expiry(card)}.
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          {cards.data.paymentMethods.length > 0
            ? 'Your saved cards have expired. Add a new card to pay for milestones.'
            : 'Add a card to pay for milestones. It is saved securely with our payment provider.'}
        </p>
      )}
    </Card>
  );
}
