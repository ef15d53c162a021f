import { type SetupServices, SetupServicesBody, type SetupServicesInput } from '@domain/profiles/schemas';
import type * as z from 'zod';
import type { FieldIssue } from '@/lib/form-errors';
import { useZodForm } from '@/lib/use-zod-form';
import { type OwnProfile, useSaveSetupServices } from './api';
import { useSaveOnSubmit } from './form-errors';
import { BioField, RateFields, TradeField, YearsField } from './profile-fields';
import { StepButtons } from './step-buttons';
import { ProfileTagsField } from './tag-list-input';

// What the step's fields hold: the schema's input, with no trade chosen yet as ''.
const SetupServicesForm: z.ZodType<SetupServices, Omit<SetupServicesInput, 'trade'> & { trade: string }> =
  SetupServicesBody;
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
  const form = useZodForm(SetupServicesForm, {
    defaultValues: {
      trade: profile.trade ?? '',
      specialties: profile.specialties,
      hourlyRateMin: text(profile.hourlyRateMin),
      hourlyRateMax: text(profile.hourlyRateMax),
      yearsExperience: text(profile.yearsExperience),
      bio: profile.bio ?? '',
    },
  });
  const { register, control, watch, formState } = form;
  const error = (field: keyof typeof SetupServicesBody.shape) => formState.errors[field]?.message;
  const onSubmit = useSaveOnSubmit(form, FIELDS, save, onSaved, refusal);

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={save.isPending} className="space-y-6">
      <TradeField
        registration={register('trade')}
        error={error('trade')}
        empty={watch('trade') === ''}
        initial={profile.trade ?? ''}
      />
      <ProfileTagsField control={control} name="specialties" />
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
