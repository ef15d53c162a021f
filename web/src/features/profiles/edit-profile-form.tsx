import { PROFILE_LIMITS, PROFILE_MESSAGES, UpdateProfileBody } from '@domain/profiles/schemas';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { RequiredMark } from '@/components/ui/required-mark';
import { Spinner } from '@/components/ui/spinner';
import { useMarkFields } from '@/lib/form-errors';
import { type OwnProfile, useSaveProfile } from './api';
import { reportInvalid, reportSaveFailure } from './form-errors';
import { BaseAreaFields, BioField, RateFields, TradeField, YearsField } from './profile-fields';
import { TagListInput } from './tag-list-input';

type FormValues = {
  trade: string;
  bio: string;
  yearsExperience: string;
  hourlyRateMin: string;
  hourlyRateMax: string;
  specialties: string[];
  serviceAreas: string[];
  basePostcode: string;
  serviceRadiusMiles: string;
};

// The schema lists the fields in the order the form shows them, which is the order focus looks in.
const FIELDS = Object.keys(UpdateProfileBody.shape);
const text = (n: number | string | null) => (n === null ? '' : String(n));

function valuesOf(profile: OwnProfile): FormValues {
  return {
    trade: profile.trade ?? '',
    bio: profile.bio ?? '',
    yearsExperience: text(profile.yearsExperience),
    hourlyRateMin: text(profile.hourlyRateMin),
    hourlyRateMax: text(profile.hourlyRateMax),
    specialties: profile.specialties,
    serviceAreas: profile.serviceAreas,
    basePostcode: profile.basePostcode ?? '',
    serviceRadiusMiles: text(profile.serviceRadiusMiles),
  };
}

/** The Edit Profile form (spec sections 2 and 5). `onSaved` runs once the server has saved it. */
export function EditProfileForm({ profile, onSaved }: { profile: OwnProfile; onSaved: () => void }) {
  const save = useSaveProfile();
  const { register, control, handleSubmit, setError, setFocus, clearErrors, watch, formState } =
    useForm<FormValues>({
      defaultValues: valuesOf(profile),
    });
  const mark = useMarkFields({ setError, setFocus }, FIELDS);
  const error = (field: keyof FormValues) => formState.errors[field]?.message;
  const serverMessage = formState.errors.root?.server?.message;

  const onSubmit = handleSubmit((values) => {
    clearErrors();
    const parsed = UpdateProfileBody.safeParse(values);
    if (!parsed.success) {
      reportInvalid(parsed.error.issues, mark);
      return;
    }
    // A failed save leaves the form as it is, so nothing typed is lost.
    save.mutate(parsed.data, {
      onSuccess: onSaved,
      onError: (error) => reportSaveFailure(error, mark, setError),
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={save.isPending} className="space-y-6">
      <p className="text-sm text-muted-foreground">
        Fields marked <RequiredMark /> are required.
      </p>
      <TradeField
        registration={register('trade')}
        error={error('trade')}
        empty={watch('trade') === ''}
        initial={profile.trade ?? ''}
      />
      <BioField registration={register('bio')} error={error('bio')} />
      <YearsField registration={register('yearsExperience')} error={error('yearsExperience')} />
      <RateFields
        min={{ registration: register('hourlyRateMin'), error: error('hourlyRateMin') }}
        max={{ registration: register('hourlyRateMax'), error: error('hourlyRateMax') }}
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
      <Controller
        control={control}
        name="serviceAreas"
        render={({ field, fieldState }) => (
          <TagListInput
            ref={field.ref}
            legend="Service areas"
            itemName="service area"
            placeholder="e.g. Salford"
            value={field.value}
            onChange={field.onChange}
            max={PROFILE_LIMITS.tagsMax}
            maxLength={PROFILE_LIMITS.tagLengthMax}
            tooManyMessage={PROFILE_MESSAGES.serviceAreasTooMany}
            tooLongMessage={PROFILE_MESSAGES.serviceAreaTooLong}
            error={fieldState.error?.message}
          />
        )}
      />
      <BaseAreaFields
        postcode={{ registration: register('basePostcode'), error: error('basePostcode') }}
        radius={{ registration: register('serviceRadiusMiles'), error: error('serviceRadiusMiles') }}
      />
      <FieldError id="edit-profile-error" message={serverMessage} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to="/profile">Cancel</Link>
        </Button>
        <Button
          type="submit"
          disabled={save.isPending}
          aria-busy={save.isPending}
          aria-describedby={serverMessage ? 'edit-profile-error' : undefined}
        >
          {save.isPending && <Spinner />}
          Save Profile
        </Button>
      </div>
    </form>
  );
}
