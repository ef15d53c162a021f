import { PROFILE_LIMITS, SetupDetailsBody } from '@domain/profiles/schemas';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorIdOf, type FieldIssue, fieldErrorProps, useMarkFields } from '@/lib/form-errors';
import { type OwnProfile, useSaveSetupDetails } from './api';
import { reportInvalid, reportSaveFailure } from './form-errors';
import { BaseAreaFields } from './profile-fields';
import { StepButtons } from './step-buttons';

type FormValues = { businessName: string; phone: string; basePostcode: string; serviceRadiusMiles: string };
// The schema lists the fields in the order the step shows them, which is the order focus looks in.
const FIELDS = Object.keys(SetupDetailsBody.shape);

/**
 * Business Setup, step 1. Next saves the step, then moves on. `refusal` is what completing the setup
 * later found missing here, shown beside its field.
 */
export function SetupDetailsStep({
  profile,
  onSaved,
  refusal,
}: {
  profile: OwnProfile;
  onSaved: () => void;
  refusal?: FieldIssue;
}) {
  const save = useSaveSetupDetails();
  const { register, handleSubmit, setError, setFocus, clearErrors, formState } = useForm<FormValues>({
    defaultValues: {
      businessName: profile.businessName ?? '',
      phone: profile.phone ?? '',
      basePostcode: profile.basePostcode ?? '',
      serviceRadiusMiles: String(profile.serviceRadiusMiles),
    },
  });
  const mark = useMarkFields({ setError, setFocus }, FIELDS);
  const error = (field: keyof FormValues) => formState.errors[field]?.message;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per refusal
  useEffect(() => {
    if (refusal) mark([refusal]);
  }, [refusal]);

  const onSubmit = handleSubmit((values) => {
    clearErrors();
    const parsed = SetupDetailsBody.safeParse(values);
    if (!parsed.success) return reportInvalid(parsed.error.issues, mark);
    save.mutate(parsed.data, {
      onSuccess: onSaved,
      onError: (error) => reportSaveFailure(error, mark, setError),
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={save.isPending} className="space-y-6">
      <div className="grid gap-6 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor="setup-business-name">Business name</Label>
          <Input
            id="setup-business-name"
            autoComplete="organization"
            placeholder="e.g. Bright Sparks Electrical"
            maxLength={PROFILE_LIMITS.businessNameMax + 20}
            {...fieldErrorProps('setup-business-name', error('businessName'), 'setup-business-name-hint')}
            {...register('businessName')}
          />
          <p id="setup-business-name-hint" className="text-xs text-muted-foreground">
            Leave empty if you trade under your own name.
          </p>
          <FieldError id={errorIdOf('setup-business-name')} message={error('businessName')} />
        </div>
        <div className="space-y-2">
          <Label htmlFor="setup-phone">Phone number</Label>
          <Input
            id="setup-phone"
            type="tel"
            autoComplete="tel"
            placeholder="e.g. 07700 900123"
            {...fieldErrorProps('setup-phone', error('phone'))}
            {...register('phone')}
          />
          <FieldError id={errorIdOf('setup-phone')} message={error('phone')} />
        </div>
      </div>
      <BaseAreaFields
        postcodeRequired
        postcode={{ registration: register('basePostcode'), error: error('basePostcode') }}
        radius={{ registration: register('serviceRadiusMiles'), error: error('serviceRadiusMiles') }}
      />
      <StepButtons
        next={{ label: 'Next', pending: save.isPending }}
        error={formState.errors.root?.server?.message}
      />
    </form>
  );
}
