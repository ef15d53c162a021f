import { PROFILE_LIMITS, PROFILE_MESSAGES, SetupServicesBody } from '@domain/profiles/schemas';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { type FieldIssue, useMarkFields } from '@/lib/form-errors';
import { type OwnProfile, useSaveSetupServices } from './api';
import { reportInvalid, reportSaveFailure } from './form-errors';
import { BioField, RateFields, TradeField, YearsField } from './profile-fields';
import { StepButtons } from './step-buttons';
import { TagListInput } from './tag-list-input';

type FormValues = {
  trade: string;
  specialties: string[];
  hourlyRateMin: string;
  hourlyRateMax: string;
  yearsExperience: string;
  bio: string;
};
// The schema lists the fields in the order the step shows them, which is the order focus looks in.
const FIELDS = Object.keys(SetupServicesBody.shape);
const text = (n: number | null) => (n === null ? '' : String(n));

/**
 * Business Setup, step 2. Next saves the step, then moves on. `refusal` is what completing the setup
 * later found missing here, shown beside its field.
 */
export function SetupServicesStep({
  profile,
  onPrevious,
  onSaved,
  refusal,
}: {
  profile: OwnProfile;
  onPrevious: () => void;
  onSaved: () => void;
  refusal?: FieldIssue;
}) {
  const save = useSaveSetupServices();
  const { register, control, handleSubmit, setError, setFocus, clearErrors, watch, formState } =
    useForm<FormValues>({
      defaultValues: {
        trade: profile.trade ?? '',
        specialties: profile.specialties,
        hourlyRateMin: text(profile.hourlyRateMin),
        hourlyRateMax: text(profile.hourlyRateMax),
        yearsExperience: text(profile.yearsExperience),
        bio: profile.bio ?? '',
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
    const parsed = SetupServicesBody.safeParse(values);
    if (!parsed.success) return reportInvalid(parsed.error.issues, mark);
    save.mutate(parsed.data, {
      onSuccess: onSaved,
      onError: (error) => reportSaveFailure(error, mark, setError),
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={save.isPending} className="space-y-6">
      <TradeField
        registration={register('trade')}
        error={error('trade')}
        empty={watch('trade') === ''}
        initial={profile.trade ?? ''}
      />
      <Controller
        control={control}
        name="specialties"
        render={({ field, fieldState }) => (
          <TagListInput
            ref={field.ref}
            legend="Specialties"
            itemName="specialty"
            placeholder="e.g. Boiler repair"
            value={field.value}
            onChange={field.onChange}
            max={PROFILE_LIMITS.tagsMax}
            maxLength={PROFILE_LIMITS.tagLengthMax}
            tooManyMessage={PROFILE_MESSAGES.specialtiesTooMany}
            tooLongMessage={PROFILE_MESSAGES.specialtyTooLong}
            error={fieldState.error?.message}
          />
        )}
      />
      <RateFields
        min={{ registration: register('hourlyRateMin'), error: error('hourlyRateMin') }}
        max={{ registration: register('hourlyRateMax'), error: error('hourlyRateMax') }}
      />
      <YearsField registration={register('yearsExperience')} error={error('yearsExperience')} />
      <BioField registration={register('bio')} error={error('bio')} />
      <StepButtons
        onPrevious={onPrevious}
        next={{ label: 'Next', pending: save.isPending }}
        error={formState.errors.root?.server?.message}
      />
    </form>
  );
}
