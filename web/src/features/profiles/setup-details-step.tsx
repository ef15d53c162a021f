import { PROFILE_LIMITS, SetupDetailsBody } from '@domain/profiles/schemas';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import type { FieldIssue } from '@/lib/form-errors';
import { useZodForm } from '@/lib/use-zod-form';
import { type OwnProfile, useSaveSetupDetails } from './api';
import { useSaveOnSubmit } from './form-errors';
import { BaseAreaFields } from './profile-fields';
import { StepButtons } from './step-buttons';

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
  const form = useZodForm(SetupDetailsBody, {
    defaultValues: {
      businessName: profile.businessName ?? '',
      phone: profile.phone ?? '',
      basePostcode: profile.basePostcode ?? '',
      serviceRadiusMiles: String(profile.serviceRadiusMiles),
    },
  });
  const { register, formState } = form;
  const error = (field: keyof typeof SetupDetailsBody.shape) => formState.errors[field]?.message;
  const onSubmit = useSaveOnSubmit(form, FIELDS, save, onSaved, refusal);

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={save.isPending} className="space-y-6">
      <div className="grid gap-6 sm:grid-cols-2">
        <Field
          id="setup-business-name"
          label="Business name"
          hint="Leave empty if you trade under your own name."
          error={error('businessName')}
        >
          {(control) => (
            <Input
              autoComplete="organization"
              placeholder="e.g. Bright Sparks Electrical"
              maxLength={PROFILE_LIMITS.businessNameMax + 20}
              {...control}
              {...register('businessName')}
            />
          )}
        </Field>
        <Field id="setup-phone" label="Phone number" error={error('phone')}>
          {(control) => (
            <Input
              type="tel"
              autoComplete="tel"
              placeholder="e.g. 07700 900123"
              {...control}
              {...register('phone')}
            />
          )}
        </Field>
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
