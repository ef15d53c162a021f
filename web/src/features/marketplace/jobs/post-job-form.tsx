import { JOB_CATEGORIES, LIMITS } from '@domain/catalog/catalog';
import { londonToday, PostJobBody, type PostJobInput } from '@domain/marketplace/schemas';
import { PHOTO_MESSAGES } from '@domain/photos/rules';
import type { DefaultValues } from 'react-hook-form';
import { fieldClass } from '@/components/ui/field-class';
import { FieldError } from '@/components/ui/field-error';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { PoundsInput } from '@/components/ui/pounds-input';
import { RequiredMark } from '@/components/ui/required-mark';
import { SubmitButton } from '@/components/ui/submit-button';
import { PhotoPicker, usePhotoList } from '@/features/photos';
import { errorMessage, isUnauthenticated } from '@/lib/api';
import { issuesFromServer, isValidationError, useMarkFields } from '@/lib/form-errors';
import { showError } from '@/lib/toast';
import { useZodForm, type ZodForm } from '@/lib/use-zod-form';
import { cn } from '@/lib/utils';
import { type PostJobRequest, usePostJob } from './api';
import { EnhanceDescription } from './enhance-description';

const EMPTY = {
  title: '',
  category: '',
  description: '',
  budgetMin: '',
  budgetMax: '',
  postcode: '',
  preferredStartDate: '',
};

// In the order they are on screen: focus goes to the first one with a problem.
const FIELDS = Object.keys(EMPTY);

type JobForm = ZodForm<typeof PostJobBody>;
type FieldName = keyof typeof EMPTY;
const messageOf = (form: JobForm, field: FieldName) => form.formState.errors[field]?.message;

// The hint counts down near the limit, where it matters.
const NEAR_MAX = LIMITS.jobDescriptionMax - 200;
// Characters left at which a screen reader hears how close the limit is.
const LEFT_MILESTONES = [200, 100, 50, 10];

/**
 * What the description's live region says for a length: the same words for a whole range, so a screen
 * reader hears it only when a milestone is crossed (the minimum reached, nearing the limit, over it),
 * never on each keystroke as the visible count changes. The count and hint are read with the field.
 */
export function descriptionMilestone(length: number): string {
  const { jobDescriptionMin: min, jobDescriptionMax: max } = LIMITS;
  if (length < min) return '';
  if (length > max) return `Over the limit of ${max} characters.`;
  const left = max - length;
  if (left === 0) return `No characters left: ${max} is the limit.`;
  const milestone = LEFT_MILESTONES.findLast((n) => left <= n);
  return milestone ? `At most ${milestone} characters left.` : `Minimum of ${min} characters reached.`;
}

/** The Post a Job form (spec sections 2 and 5). `onPosted` runs after the server has saved the job. */
export function PostJobForm({
  invitedTradespersonId,
  onPosted,
  onSignedOut,
}: {
  invitedTradespersonId: string | null;
  onPosted: () => void;
  onSignedOut: () => void;
}) {
  const postJob = usePostJob();
  const photos = usePhotoList();
  // Spec section 5: one toast with the first message only; every failing field shows its message
  // beside it, the first is focused, and nothing typed is lost.
  const form = useZodForm(PostJobBody, {
    // The category starts on the select's placeholder, '', which the schema refuses in its own words.
    defaultValues: { ...EMPTY, invitedTradespersonId } as DefaultValues<PostJobInput>,
  });
  const { register, setError, setFocus, formState } = form;
  const mark = useMarkFields({ setError, setFocus }, FIELDS);
  const message = (field: FieldName) => messageOf(form, field);

  const onSubmit = form.submitWith((job) => {
    // A photo still on its way would be left out of the job: the form waits for it, keeping everything.
    if (photos.uploading) {
      setError('root.server', { message: PHOTO_MESSAGES.stillUploading });
      return;
    }
    // The schema turns budgets into pence; the contract takes whole pounds.
    const body: PostJobRequest = {
      ...job,
      budgetMin: job.budgetMin === null ? null : job.budgetMin / 100,
      budgetMax: job.budgetMax === null ? null : job.budgetMax / 100,
      invitedTradespersonId: invitedTradespersonId ?? undefined,
      photos: photos.attachments(),
    };
    postJob.mutate(body, {
      onSuccess: onPosted,
      onError: (error) => {
        if (isUnauthenticated(error)) {
          onSignedOut();
          return;
        }
        const message = errorMessage(error, 'Failed to post job');
        void showError(isValidationError(error) ? 'Validation Error' : 'Error', message);
        // The server's refusal goes beside the field it names, else beside the button.
        if (!mark(issuesFromServer(error))) setError('root.server', { message });
      },
    });
  });

  const serverMessage = formState.errors.root?.server?.message;
  const pending = postJob.isPending;

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={pending} className="space-y-6">
      <p className="text-sm text-muted-foreground">
        Fields marked <RequiredMark /> are required.
      </p>
      <Field id="job-title" label="Job title" required error={message('title')}>
        {(control) => (
          <Input
            placeholder="e.g. Fix a leaking kitchen tap"
            maxLength={LIMITS.jobTitleMax + 20}
            {...control}
            {...register('title')}
          />
        )}
      </Field>
      <CategoryField form={form} />
      <DescriptionField form={form} />
      <PhotoPicker list={photos} id="job-photos" />
      <BudgetFields form={form} />
      <div className="grid gap-6 sm:grid-cols-2">
        <Field
          id="job-postcode"
          label="Postcode"
          required
          hint="Tradespeople see only the district until you book them."
          error={message('postcode')}
        >
          {(control) => (
            <Input
              autoComplete="postal-code"
              autoCapitalize="characters"
              placeholder="e.g. M1 1AE"
              {...control}
              {...register('postcode')}
            />
          )}
        </Field>
        <Field id="job-start-date" label="Preferred start date" error={message('preferredStartDate')}>
          {(control) => (
            <Input type="date" min={londonToday()} {...control} {...register('preferredStartDate')} />
          )}
        </Field>
      </div>
      <FieldError id="job-form-error" message={serverMessage} />
      <SubmitButton
        size="lg"
        className="w-full"
        pending={pending}
        describedBy={serverMessage ? 'job-form-error' : null}
      >
        Post Job
      </SubmitButton>
    </form>
  );
}

function CategoryField({ form }: { form: JobForm }) {
  const empty = !form.watch('category');
  return (
    <Field id="job-category" label="Category" required error={messageOf(form, 'category')}>
      {(control) => (
        <select
          {...control}
          className={cn(fieldClass, 'h-10', empty && 'text-muted-foreground')}
          {...form.register('category')}
        >
          <option value="" disabled>
            Select a category
          </option>
          {JOB_CATEGORIES.map((name) => (
            <option key={name} value={name} className="text-foreground">
              {name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** The description with its count, its hint and the assistant's offer to improve it. */
function DescriptionField({ form }: { form: JobForm }) {
  const { register, watch, setValue, clearErrors, setFocus } = form;
  const description = watch('description');
  const length = description.trim().length;
  const { jobDescriptionMin: min, jobDescriptionMax: max } = LIMITS;
  return (
    <div className="space-y-2">
      <Field
        id="job-description"
        label="Description"
        required
        counter={
          <span
            className={cn(
              'text-xs tabular-nums text-muted-foreground',
              (length > max || (length > 0 && length < min)) && 'font-semibold text-destructive',
            )}
          >
            {length}/{max}
          </span>
        }
        hint={
          length < min
            ? `At least ${min} characters (${min - length} more needed).`
            : length >= NEAR_MAX
              ? `${Math.max(0, max - length)} characters left.`
              : `Between ${min} and ${max} characters.`
        }
        error={messageOf(form, 'description')}
      >
        {(control) => (
          <textarea
            rows={6}
            placeholder="Describe the work: what needs doing, where, any access or materials details."
            {...control}
            className={cn(fieldClass, 'min-h-36 resize-y')}
            {...register('description')}
          />
        )}
      </Field>
      <p className="sr-only" aria-live="polite">
        {descriptionMilestone(length)}
      </p>
      <EnhanceDescription
        description={description}
        category={watch('category')}
        onReplace={(text) => {
          setValue('description', text, { shouldDirty: true });
          clearErrors('description');
          setFocus('description');
        }}
      />
    </div>
  );
}

function BudgetFields({ form }: { form: JobForm }) {
  const field = (name: 'budgetMin' | 'budgetMax', id: string, label: string, placeholder: string) => (
    <Field
      id={id}
      label={label}
      className="space-y-1"
      labelClassName="text-xs text-muted-foreground"
      error={messageOf(form, name)}
    >
      {(control) => (
        <PoundsInput inputMode="numeric" placeholder={placeholder} {...control} {...form.register(name)} />
      )}
    </Field>
  );
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm leading-none font-medium">Budget (£, optional)</legend>
      <div className="grid grid-cols-2 gap-3 pt-2">
        {field('budgetMin', 'job-budget-min', 'Minimum', 'e.g. 100')}
        {field('budgetMax', 'job-budget-max', 'Maximum', 'e.g. 500')}
      </div>
      <p className="text-xs text-muted-foreground">Whole pounds. Leave empty if you are not sure.</p>
    </fieldset>
  );
}
