import { JOB_CATEGORIES, LIMITS } from '@domain/catalog/catalog';
import { londonToday, postJobSchema } from '@domain/marketplace/schemas';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PoundsInput } from '@/components/ui/pounds-input';
import { RequiredMark } from '@/components/ui/required-mark';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage, isUnauthenticated } from '@/lib/api';
import {
  errorIdOf,
  fieldErrorProps,
  issuesFromSchema,
  issuesFromServer,
  useMarkFields,
} from '@/lib/form-errors';
import { showError } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { type PostJobRequest, usePostJob } from './api';
import { EnhanceDescription } from './enhance-description';

type FormValues = {
  title: string;
  category: string;
  description: string;
  budgetMin: string;
  budgetMax: string;
  postcode: string;
  preferredStartDate: string;
};

const EMPTY: FormValues = {
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

export const fieldClass =
  'flex w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive md:text-sm';

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
  const { register, handleSubmit, setError, setFocus, setValue, clearErrors, watch, formState } =
    useForm<FormValues>({
      defaultValues: EMPTY,
    });
  const mark = useMarkFields({ setError, setFocus }, FIELDS);
  const description = watch('description');
  const category = watch('category');
  const today = londonToday();
  const length = description.trim().length;

  const onSubmit = handleSubmit((values) => {
    clearErrors();
    const parsed = postJobSchema().safeParse({ ...values, invitedTradespersonId });
    if (!parsed.success) {
      // Spec section 5: one toast with the first message only; every failing field shows its message
      // beside it, the first is focused, and nothing typed is lost.
      mark(issuesFromSchema(parsed.error.issues));
      void showError('Validation Error', parsed.error.issues[0]?.message);
      return;
    }
    // The schema turns budgets into pence; the contract takes whole pounds.
    const body: PostJobRequest = {
      ...parsed.data,
      budgetMin: parsed.data.budgetMin === null ? null : parsed.data.budgetMin / 100,
      budgetMax: parsed.data.budgetMax === null ? null : parsed.data.budgetMax / 100,
      invitedTradespersonId: invitedTradespersonId ?? undefined,
    };
    postJob.mutate(body, {
      onSuccess: onPosted,
      onError: (error) => {
        if (isUnauthenticated(error)) {
          onSignedOut();
          return;
        }
        const message = errorMessage(error, 'Failed to post job');
        void showError(
          error instanceof ApiError && error.code === 'validation_error' ? 'Validation Error' : 'Error',
          message,
        );
        // The server's refusal goes beside the field it names, else beside the button.
        if (!mark(issuesFromServer(error))) {
          setError('root.server', { message });
        }
      },
    });
  });

  const message = (field: keyof FormValues) => formState.errors[field]?.message;
  const serverMessage = formState.errors.root?.server?.message;
  const pending = postJob.isPending;

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={pending} className="space-y-6">
      <p className="text-sm text-muted-foreground">
        Fields marked <RequiredMark /> are required.
      </p>

      <div className="space-y-2">
        <Label htmlFor="job-title">
          Job title
          <RequiredMark />
        </Label>
        <Input
          id="job-title"
          placeholder="e.g. Fix a leaking kitchen tap"
          aria-required="true"
          {...fieldErrorProps('job-title', message('title'))}
          maxLength={LIMITS.jobTitleMax + 20}
          {...register('title')}
        />
        <FieldError id={errorIdOf('job-title')} message={message('title')} />
      </div>

      <div className="space-y-2">
        <Label htmlFor="job-category">
          Category
          <RequiredMark />
        </Label>
        <select
          id="job-category"
          aria-required="true"
          {...fieldErrorProps('job-category', message('category'))}
          className={cn(fieldClass, 'h-10', category === '' && 'text-muted-foreground')}
          {...register('category')}
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
        <FieldError id={errorIdOf('job-category')} message={message('category')} />
      </div>

      <div className="space-y-2">
        <div className="flex items-end justify-between gap-3">
          <Label htmlFor="job-description">
            Description
            <RequiredMark />
          </Label>
          <span
            id="job-description-count"
            className={cn(
              'text-xs tabular-nums text-muted-foreground',
              (length > LIMITS.jobDescriptionMax || (length > 0 && length < LIMITS.jobDescriptionMin)) &&
                'font-semibold text-destructive',
            )}
          >
            {length}/{LIMITS.jobDescriptionMax}
          </span>
        </div>
        <textarea
          id="job-description"
          rows={6}
          placeholder="Describe the work: what needs doing, where, any access or materials details."
          aria-required="true"
          {...fieldErrorProps(
            'job-description',
            message('description'),
            'job-description-count',
            'job-description-hint',
          )}
          className={cn(fieldClass, 'min-h-36 resize-y')}
          {...register('description')}
        />
        <p id="job-description-hint" className="text-xs text-muted-foreground">
          {length < LIMITS.jobDescriptionMin
            ? `At least ${LIMITS.jobDescriptionMin} characters (${LIMITS.jobDescriptionMin - length} more needed).`
            : length >= NEAR_MAX
              ? `${Math.max(0, LIMITS.jobDescriptionMax - length)} characters left.`
              : `Between ${LIMITS.jobDescriptionMin} and ${LIMITS.jobDescriptionMax} characters.`}
        </p>
        <p className="sr-only" aria-live="polite">
          {descriptionMilestone(length)}
        </p>
        <FieldError id={errorIdOf('job-description')} message={message('description')} />
        <EnhanceDescription
          description={description}
          category={category}
          onReplace={(text) => {
            setValue('description', text, { shouldDirty: true });
            clearErrors('description');
            setFocus('description');
          }}
        />
      </div>

      <fieldset className="space-y-2">
        <legend className="text-sm leading-none font-medium">Budget (£, optional)</legend>
        <div className="grid grid-cols-2 gap-3 pt-2">
          <div className="space-y-1">
            <Label htmlFor="job-budget-min" className="text-xs text-muted-foreground">
              Minimum
            </Label>
            <PoundsInput
              id="job-budget-min"
              inputMode="numeric"
              placeholder="e.g. 100"
              {...fieldErrorProps('job-budget-min', message('budgetMin'))}
              {...register('budgetMin')}
            />
            <FieldError id={errorIdOf('job-budget-min')} message={message('budgetMin')} />
          </div>
          <div className="space-y-1">
            <Label htmlFor="job-budget-max" className="text-xs text-muted-foreground">
              Maximum
            </Label>
            <PoundsInput
              id="job-budget-max"
              inputMode="numeric"
              placeholder="e.g. 500"
              {...fieldErrorProps('job-budget-max', message('budgetMax'))}
              {...register('budgetMax')}
            />
            <FieldError id={errorIdOf('job-budget-max')} message={message('budgetMax')} />
          </div>
        </div>
        <p className="text-xs text-muted-foreground">Whole pounds. Leave empty if you are not sure.</p>
      </fieldset>

      <div className="grid gap-6 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor="job-postcode">
            Postcode
            <RequiredMark />
          </Label>
          <Input
            id="job-postcode"
            autoComplete="postal-code"
            autoCapitalize="characters"
            placeholder="e.g. M1 1AE"
            aria-required="true"
            {...fieldErrorProps('job-postcode', message('postcode'), 'job-postcode-hint')}
            {...register('postcode')}
          />
          <p id="job-postcode-hint" className="text-xs text-muted-foreground">
            Tradespeople see only the district until you book them.
          </p>
          <FieldError id={errorIdOf('job-postcode')} message={message('postcode')} />
        </div>
        <div className="space-y-2">
          <Label htmlFor="job-start-date">Preferred start date</Label>
          <Input
            id="job-start-date"
            type="date"
            min={today}
            {...fieldErrorProps('job-start-date', message('preferredStartDate'))}
            {...register('preferredStartDate')}
          />
          <FieldError id={errorIdOf('job-start-date')} message={message('preferredStartDate')} />
        </div>
      </div>

      <FieldError id="job-form-error" message={serverMessage} />
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={pending}
        aria-busy={pending}
        aria-describedby={serverMessage ? 'job-form-error' : undefined}
      >
        {pending && <Spinner />}
        Post Job
      </Button>
    </form>
  );
}
