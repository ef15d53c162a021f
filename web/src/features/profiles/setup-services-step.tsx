import { PROFILE_LIMITS, PROFILE_MESSAGES, SetupServicesBody } from '@domain/profiles/schemas';
import { Controller, useForm } from 'react-hook-form';
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
const FIELDS = Object.keys(SetupServicesBody.shape);
const text = (n: number | null) => (n === null ? '' : String(n));

/** Business Setup, step 2. Next saves the step, then moves on. */
export function SetupServicesStep({
  profile,
  onPrevious,
  onSaved,
}: {
  profile: OwnProfile;
  onPrevious: () => void;
  onSaved: () => void;
}) {
  const save = useSaveSetupServices();
  const { register, control, handleSubmit, setError, clearErrors, watch, formState } = useForm<FormValues>({
    defaultValues: {
      trade: profile.trade ?? '',
      specialties: profile.specialties,
      hourlyRateMin: text(profile.hourlyRateMin),
      hourlyRateMax: text(profile.hourlyRateMax),
      yearsExperience: text(profile.yearsExperience),
      bio: profile.bio ?? '',
    },
  });
  const invalid = (field: keyof FormValues) => Boolean(formState.errors[field]);

  const onSubmit = handleSubmit((values) => {
    clearErrors();
    const parsed = SetupServicesBody.safeParse(values);
    if (!parsed.success) return reportInvalid(parsed.error.issues, setError, FIELDS);
    save.mutate(parsed.data, {
      onSuccess: onSaved,
      onError: (error) => reportSaveFailure(error, setError, FIELDS),
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={save.isPending} className="space-y-6">
      <TradeField
        registration={register('trade')}
        invalid={invalid('trade')}
        empty={watch('trade') === ''}
        initial={profile.trade ?? ''}
      />
      <Controller
        control={control}
        name="specialties"
        render={({ field, fieldState }) => (
          <TagListInput
            legend="Specialties"
            itemName="specialty"
            placeholder="e.g. Boiler repair"
            value={field.value}
            onChange={field.onChange}
            max={PROFILE_LIMITS.tagsMax}
            maxLength={PROFILE_LIMITS.tagLengthMax}
            tooManyMessage={PROFILE_MESSAGES.specialtiesTooMany}
            tooLongMessage={PROFILE_MESSAGES.specialtyTooLong}
            invalid={Boolean(fieldState.error)}
          />
        )}
      />
      <RateFields
        min={{ registration: register('hourlyRateMin'), invalid: invalid('hourlyRateMin') }}
        max={{ registration: register('hourlyRateMax'), invalid: invalid('hourlyRateMax') }}
      />
      <YearsField registration={register('yearsExperience')} invalid={invalid('yearsExperience')} />
      <BioField registration={register('bio')} invalid={invalid('bio')} />
      <StepButtons onPrevious={onPrevious} next={{ label: 'Next', pending: save.isPending }} />
    </form>
  );
}
