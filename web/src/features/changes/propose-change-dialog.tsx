import { ProposeChangeBody } from '@domain/changes/api';
import { CHANGE_DIRECTIONS, CHANGE_LIMITS, type ChangeDirection } from '@domain/changes/rules';
import { LineItemsInput } from '@domain/marketplace/pricing';
import { quoteAmount } from '@domain/marketplace/schemas';
import { PHOTO_MESSAGES } from '@domain/photos/rules';
import { Plus } from 'lucide-react';
import { useId } from 'react';
import { type FieldErrors, useController } from 'react-hook-form';
import { z } from 'zod';
import { emptyLine, type LineDraft } from '@/components/pricing/line-items-editor';
import { LineItemsSection } from '@/components/pricing/line-items-section';
import { Button } from '@/components/ui/button';
import { DialogActions, FormDialog, useFormDialogOpen } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Field, FieldSet } from '@/components/ui/form';
import { PoundsInput } from '@/components/ui/pounds-input';
import { CharacterCounter, ReviewTextarea } from '@/components/ui/text-field';
import { type PhotoList, PhotoPicker, usePhotoList } from '@/features/photos';
import { errorMessage } from '@/lib/api';
import { errorIdOf, issuesFromServer, isValidationError, useMarkFields } from '@/lib/form-errors';
import { showError, showSuccess } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { cn } from '@/lib/utils';
import { useProposeChange } from './api';

/**
 * A change is one figure or itemised: the server's own rules for the description, the direction and
 * the lines, and the quote form's rule for an amount in pounds (more than £0, at most £1,000,000) when
 * there are no lines.
 */
const ProposeChangeForm = z.object({
  description: ProposeChangeBody.shape.description,
  direction: ProposeChangeBody.shape.direction,
  // Undefined while the change is itemised: the lines are its price then.
  amount: quoteAmount.optional(),
  lineItems: LineItemsInput.nullish(),
});

// No direction chosen yet: the server's schema refuses its absence in its own words.
const EMPTY = { description: '', direction: undefined, amount: '', lineItems: null };
// The fields a server refusal may name, in screen order; anything else is said above the buttons.
const FIELDS = ['description', 'direction', 'amount', 'lineItems'];

type ChangeValues = { amount?: string | number | null; lineItems?: LineDraft[] | null };
const DIRECTION_LABELS: Record<ChangeDirection, string> = {
  increase: 'Price goes up',
  decrease: 'Price goes down',
};

/**
 * 'Propose a change': what changes in the work and by how much the price goes up or down. When the
 * server says the viewer cannot propose now (a dispute freezes the booking, a change already waits),
 * the button is disabled and the reason is shown and read with it.
 */
export function ProposeChange({
  bookingId,
  canPropose,
  cannotProposeReason,
  otherParty,
  vatRegistered,
}: {
  bookingId: string;
  canPropose: boolean;
  cannotProposeReason: string | null;
  /** 'the customer' or 'the tradesperson', for the toast. */
  otherParty: string;
  /** A tradesperson with a VAT number gives each line a VAT rate; anyone else's lines carry none. */
  vatRegistered: boolean;
}) {
  const id = useId();
  const photos = usePhotoList();
  const form = useZodForm(ProposeChangeForm, { defaultValues: EMPTY });
  const [open, setOpen] = useFormDialogOpen(() => form.reset(EMPTY));
  const mark = useMarkFields(form, FIELDS);
  const propose = useProposeChange(bookingId);
  const pending = propose.isPending;
  const failure = form.formState.errors.root?.server?.message;
  const reasonId = `${id}-cannot`;

  const onSubmit = form.submitWith((values) => {
    // A photo still on its way would be left out of the change: the form waits for it.
    if (photos.uploading) {
      form.setError('root.server', { message: PHOTO_MESSAGES.stillUploading });
      return;
    }
    const typed = form.getValues() as ChangeValues;
    // The contract takes pounds and quantities as typed ('249.99'); the server reads them with the
    // same rules. Lines go without the editor's keys.
    const price = typed.lineItems
      ? { lineItems: typed.lineItems.map(({ key: _key, ...line }) => line) }
      : {
          amount: String(typed.amount ?? '')
            .trim()
            .replace(/^£\s*/, ''),
        };
    const attached = photos.attachments();
    propose.mutate(
      {
        description: values.description,
        direction: values.direction,
        ...price,
        ...(attached.length > 0 ? { photos: attached } : {}),
      },
      {
        onSuccess: () => {
          photos.clear();
          setOpen(false);
          void showSuccess('Change proposed', `${capitalise(otherParty)} is asked to accept or decline it.`);
        },
        // Said beside the field it is about, else above the buttons; what was typed stays.
        onError: (error) => {
          const message = errorMessage(error, 'Failed to propose the change');
          void showError(isValidationError(error) ? 'Validation Error' : 'Error', message);
          if (!mark(issuesFromServer(error))) form.setError('root.server', { message });
        },
      },
    );
  });

  const trigger = (
    <Button
      disabled={!canPropose}
      aria-describedby={!canPropose && cannotProposeReason ? reasonId : undefined}
    >
      <Plus aria-hidden="true" />
      Propose a change
    </Button>
  );

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      {canPropose ? (
        <FormDialog
          trigger={trigger}
          title="Propose a change"
          description={`Describe what changes in the work and how the price moves. ${capitalise(otherParty)} accepts or declines it.`}
          open={open}
          onOpenChange={setOpen}
          pending={pending}
          className="sm:max-w-lg"
        >
          <form noValidate aria-busy={pending} className="space-y-4" onSubmit={onSubmit}>
            <DescriptionField id={`${id}-description`} form={form} />
            <DirectionChoices id={`${id}-direction`} form={form} />
            <PriceFields id={id} form={form} vatRegistered={vatRegistered} disabled={pending} />
            <ChangePhotos id={`${id}-photos`} photos={photos} />
            <FieldError id={`${id}-form-error`} message={failure} />
            <DialogActions
              onCancel={() => setOpen(false)}
              confirmLabel="Propose change"
              pending={pending}
              describedBy={failure ? `${id}-form-error` : null}
            />
          </form>
        </FormDialog>
      ) : (
        trigger
      )}
      {!canPropose && cannotProposeReason && (
        <p id={reasonId} className="text-sm text-muted-foreground">
          {cannotProposeReason}
        </p>
      )}
    </div>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

type FormApi = ReturnType<typeof useZodForm<typeof ProposeChangeForm>>;

/** The one amount of the change, or its line items in its place (the quote form's editor). */
function PriceFields({
  id,
  form,
  vatRegistered,
  disabled,
}: {
  id: string;
  form: FormApi;
  vatRegistered: boolean;
  disabled: boolean;
}) {
  const { field } = useController({ control: form.control, name: 'lineItems' });
  const lines = field.value as LineDraft[] | null | undefined;
  const errors = form.formState.errors as FieldErrors<ChangeValues>;
  const itemise = (on: boolean) => {
    form.clearErrors(['amount', 'lineItems']);
    form.setValue('amount', on ? undefined : '');
    field.onChange(on ? [emptyLine(vatRegistered)] : null);
  };
  if (!lines) {
    return (
      <div className="space-y-2">
        <Field id={`${id}-amount`} label="Amount of the change (£)" required error={errors.amount?.message}>
          {(control) => (
            <PoundsInput
              inputMode="decimal"
              placeholder="e.g. 40.00"
              {...control}
              {...form.register('amount')}
            />
          )}
        </Field>
        <Button
          variant="link"
          size="sm"
          className="h-auto px-0"
          onClick={() => itemise(true)}
          disabled={disabled}
        >
          Itemise this change
        </Button>
      </div>
    );
  }
  return (
    <LineItemsSection
      idPrefix={id}
      heading="h3"
      lines={lines}
      onChange={(next) => field.onChange(next)}
      onUseOneAmount={() => itemise(false)}
      vatRegistered={vatRegistered}
      errors={errors.lineItems}
      disabled={disabled}
    ></LineItemsSection>
  );
}

/** Photos of what changed (a rotten joist): optional, uploaded as picked, attached when proposed. */
function ChangePhotos({ id, photos }: { id: string; photos: PhotoList }) {
  return <PhotoPicker list={photos} id={id} label="Photos (optional)" />;
}

function DescriptionField({ id, form }: { id: string; form: FormApi }) {
  const length = (form.watch('description') ?? '').trim().length;
  return (
    <Field
      id={id}
      label="What changes"
      required
      counter={<CharacterCounter id={`${id}-count`} length={length} max={CHANGE_LIMITS.descriptionMax} />}
      error={form.formState.errors.description?.message}
    >
      {(control) => (
        <ReviewTextarea
          rows={4}
          placeholder="e.g. Replace a rotten joist found under the kitchen floor."
          {...control}
          {...form.register('description')}
        />
      )}
    </Field>
  );
}

function DirectionChoices({ id, form }: { id: string; form: FormApi }) {
  const error = form.formState.errors.direction?.message;
  return (
    <FieldSet id={id} legend="The price" required error={error}>
      <div className="grid gap-2 pt-1 sm:grid-cols-2">
        {CHANGE_DIRECTIONS.map((value) => (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-md border border-border p-3 text-sm',
              'has-[:checked]:border-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
            )}
          >
            <input
              type="radio"
              value={value}
              aria-describedby={error ? errorIdOf(id) : undefined}
              // A choice answers the message at once, before the schema has looked again.
              {...form.register('direction', { onChange: () => form.clearErrors('direction') })}
              className="size-4 shrink-0 accent-primary"
            />
            {DIRECTION_LABELS[value]}
          </label>
        ))}
      </div>
    </FieldSet>
  );
}
