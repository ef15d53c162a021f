import { type UpdateProfile, UpdateProfileBody, type UpdateProfileInput } from '@domain/profiles/schemas';
import { formatVatNumber } from '@domain/profiles/vat-number';
import { Link } from 'react-router';
import type * as z from 'zod';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { RequiredMark } from '@/components/ui/required-mark';
import { SubmitButton } from '@/components/ui/submit-button';
import { useZodForm } from '@/lib/use-zod-form';
import { type OwnProfile, useSaveProfile } from './api';
import { useSaveOnSubmit } from './form-errors';
import {
  BaseAreaFields,
  BioField,
  RateFields,
  TradeField,
  VatNumberField,
  YearsField,
} from './profile-fields';
import { ProfileTagsField } from './tag-list-input';

type FormValues = Omit<UpdateProfileInput, 'trade'> & { trade: string };
// What the form's fields hold: the schema's input, with no trade chosen yet as ''.
const EditProfileSchema: z.ZodType<UpdateProfile, FormValues> = UpdateProfileBody;
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
    vatNumber: profile.vatNumber ? formatVatNumber(profile.vatNumber) : '',
  };
}

/** The Edit Profile form (spec sections 2 and 5). `onSaved` runs once the server has saved it. */
export function EditProfileForm({ profile, onSaved }: { profile: OwnProfile; onSaved: () => void }) {
  const save = useSaveProfile();
  const form = useZodForm(EditProfileSchema, { defaultValues: valuesOf(profile) });
  const { register, control, watch, formState } = form;
  const error = (field: keyof FormValues) => formState.errors[field]?.message;
  const serverMessage = formState.errors.root?.server?.message;
  const onSubmit = useSaveOnSubmit(form, FIELDS, save, onSaved);

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
      <ProfileTagsField control={control} name="specialties" />
      <ProfileTagsField control={control} name="serviceAreas" />
      <BaseAreaFields
        postcode={{ registration: register('basePostcode'), error: error('basePostcode') }}
        radius={{ registration: register('serviceRadiusMiles'), error: error('serviceRadiusMiles') }}
      />
      <VatNumberField registration={register('vatNumber')} error={error('vatNumber')} />
      <FieldError id="edit-profile-error" message={serverMessage} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to="/profile">Cancel</Link>
        </Button>
        <SubmitButton pending={save.isPending} describedBy={serverMessage ? 'edit-profile-error' : null}>
          Save Profile
        </SubmitButton>
      </div>
    </form>
  );
}
