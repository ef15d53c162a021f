import { PROFILE_LIMITS, SetupDetailsBody } from '@domain/profiles/schemas';
import { useForm } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { type OwnProfile, useSaveSetupDetails } from './api';
import { reportInvalid, reportSaveFailure } from './form-errors';
import { BaseAreaFields } from './profile-fields';
import { StepButtons } from './step-buttons';

type FormValues = { businessName: string; phone: string; basePostcode: string; serviceRadiusMiles: string };
const FIELDS = Object.keys(SetupDetailsBody.shape);

/** Business Setup, step 1. Next saves the step, then moves on. */
export function SetupDetailsStep({ profile, onSaved }: { profile: OwnProfile; onSaved: () => void }) {
  const save = useSaveSetupDetails();
  const { register, handleSubmit, setError, clearErrors, formState } = useForm<FormValues>({
    defaultValues: {
      businessName: profile.businessName ?? '',
      phone: profile.phone ?? '',
      basePostcode: profile.basePostcode ?? '',
      serviceRadiusMiles: String(profile.serviceRadiusMiles),
    },
  });
  const invalid = (field: keyof FormValues) => (formState.errors[field] ? true : undefined);

  const onSubmit = handleSubmit((values) => {
    clearErrors();
    const parsed = SetupDetailsBody.safeParse(values);
    if (!parsed.success) return reportInvalid(parsed.error.issues, setError, FIELDS);
    save.mutate(parsed.data, {
      onSuccess: onSaved,
      onError: (error) => reportSaveFailure(error, setError, FIELDS),
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
            aria-invalid={invalid('businessName')}
            aria-describedby="setup-business-name-hint"
            {...register('businessName')}
          />
          <p id="setup-business-name-hint" className="text-xs text-muted-foreground">
            Leave empty if you trade under your own name.
          </p>
        </div>
        <div className="space-y-2">
          <Label htmlFor="setup-phone">Phone number</Label>
          <Input
            id="setup-phone"
            type="tel"
            autoComplete="tel"
            placeholder="e.g. 07700 900123"
            aria-invalid={invalid('phone')}
            {...register('phone')}
          />
        </div>
      </div>
      <BaseAreaFields
        postcodeRequired
        postcode={{ registration: register('basePostcode'), invalid: invalid('basePostcode') }}
        radius={{ registration: register('serviceRadiusMiles'), invalid: invalid('serviceRadiusMiles') }}
      />
      <StepButtons next={{ label: 'Next', pending: save.isPending }} />
    </form>
  );
}
