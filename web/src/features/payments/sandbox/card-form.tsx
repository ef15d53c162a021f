// biome-ignore lint/style/noRestrictedImports: the sandbox provider's card rules, not a test helper (the name matches the pattern)
import { checkSandboxCard } from '@domain/payments/test-cards';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { issuesFromServer, useMarkFields } from '@/lib/form-errors';
import type { CardForm } from './api';
import { followRedirect } from './redirect';
import { DigitsField } from './sandbox-parts';

// The sandbox's card form, shared by its hosted checkout (Pay) and by card setup on Payment Methods
// (Save card): the same fields, checks and refusals, as the real provider's one card element is.

const FIELDS = ['cardNumber', 'expiry', 'cvc', 'name'] as const;

/** The id of the provider's refusal ('Your card was declined.'), which the submit button points at. */
export const CARD_REFUSAL_ID = 'card-refusal';

/** A card expiry a few years ahead, 'MM / YY', for the test-card buttons. */
function futureExpiry(now = new Date()): string {
  return `12 / ${String((now.getUTCFullYear() + 3) % 100).padStart(2, '0')}`;
}

/** '4242424242424242' → '4242 4242 4242 4242', as cards print it. */
export const groupCardNumber = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

export type SandboxCardForm = {
  form: UseFormReturn<CardForm>;
  refusal: string | null;
  pending: boolean;
  fillTestCard: (number: string) => void;
  onSubmit: () => Promise<void>;
};

/**
 * The form's state and submit. The provider's own checks run first, in its words, so most mistakes
 * need no round trip; the server's field refusals go beside their fields and anything else (a declined
 * card) is said beside the submit button. What was typed is kept either way. The mutation answers with
 * the address to go to next: the bank's challenge, or back to TradeNest.
 */
export function useSandboxCardForm(
  submit: Pick<UseMutationResult<{ redirectUrl: string }, Error, CardForm>, 'mutate' | 'isPending'>,
): SandboxCardForm {
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<CardForm>({ defaultValues: { cardNumber: '', expiry: '', cvc: '', name: '' } });
  const { handleSubmit, setError, setFocus, clearErrors, setValue, getValues } = form;
  const mark = useMarkFields({ setError, setFocus }, FIELDS);

  const fillTestCard = (number: string) => {
    clearErrors();
    setRefusal(null);
    setValue('cardNumber', number);
    if (!getValues('expiry').trim()) setValue('expiry', futureExpiry());
    if (!getValues('cvc').trim()) setValue('cvc', '123');
  };

  const onSubmit = handleSubmit((values) => {
    clearErrors();
    setRefusal(null);
    const card = checkSandboxCard(values, new Date());
    if (!card.ok) {
      mark([{ field: card.field, message: card.message }]);
      return;
    }
    submit.mutate(values, {
      onSuccess: (result) => followRedirect(result.redirectUrl, navigate),
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'validation_error' && mark(issuesFromServer(error)))
          return;
        setRefusal(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');
      },
    });
  });

  return { form, refusal, pending: submit.isPending, fillTestCard, onSubmit };
}

/** Card number, expiry, CVC and name on card, each with its message beside it. */
export function CardFields({ card }: { card: SandboxCardForm }) {
  const { register, formState } = card.form;
  const message = (field: keyof CardForm) => formState.errors[field]?.message;
  return (
    <>
      <DigitsField
        id="card-number"
        label="Card number"
        error={message('cardNumber')}
        input={{ autoComplete: 'cc-number', placeholder: '1234 1234 1234 1234', ...register('cardNumber') }}
      />
      <div className="grid gap-4 min-[360px]:grid-cols-2">
        <DigitsField
          id="card-expiry"
          label="Expiry (MM / YY)"
          error={message('expiry')}
          input={{ autoComplete: 'cc-exp', placeholder: 'MM / YY', ...register('expiry') }}
        />
        <DigitsField
          id="card-cvc"
          label="CVC"
          error={message('cvc')}
          input={{ autoComplete: 'cc-csc', placeholder: '123', maxLength: 4, ...register('cvc') }}
        />
      </div>
      <Field id="card-name" label="Name on card" error={message('name')}>
        {(control) => (
          <Input autoComplete="cc-name" placeholder="e.g. Ann Smith" {...control} {...register('name')} />
        )}
      </Field>
      {card.refusal && (
        <div
          id={CARD_REFUSAL_ID}
          role="alert"
          className="rounded-lg border border-destructive/60 bg-destructive/10 px-4 py-3 text-sm font-medium text-destructive dark:text-red-300"
        >
          {card.refusal}
        </div>
      )}
    </>
  );
}

/**
 * The banner's buttons that fill in a test card. `does` says what the card does, when the banner
 * does not say it already.
 */
export function TestCardButtons({
  cards,
  onPick,
}: {
  cards: readonly { number: string; does?: string }[];
  onPick: (number: string) => void;
}) {
  const described = cards.some((card) => card.does);
  return (
    <ul className={described ? 'mt-2 space-y-2' : 'mt-2 flex flex-wrap gap-2'} aria-label="Test cards">
      {cards.map((card) => (
        <li
          key={card.number}
          className={described ? 'flex flex-wrap items-center gap-x-3 gap-y-1' : undefined}
        >
          <Button
            size="sm"
            variant="outline"
            className="border-amber-400 bg-white text-amber-950 hover:bg-amber-100 dark:border-amber-600 dark:bg-amber-900 dark:text-amber-50 dark:hover:bg-amber-800"
            onClick={() => onPick(card.number)}
          >
            <span className="sr-only">Use test card </span>
            {card.number}
          </Button>
          {card.does && <span>{card.does}</span>}
        </li>
      ))}
    </ul>
  );
}
