import { TRADES } from '@domain/catalog/catalog';
import { PROFILE_LIMITS } from '@domain/profiles/schemas';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { fieldClass } from '@/components/ui/field-class';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PoundsInput } from '@/components/ui/pounds-input';
import { RequiredMark } from '@/components/ui/required-mark';
import { errorIdOf, fieldErrorProps } from '@/lib/form-errors';
import { cn } from '@/lib/utils';

// The profile's fields, shared by Edit Profile and Business Setup so both look and read the same.
// Each takes react-hook-form's registration for its input and the input's error message, if any, which
// it shows beside the input.

/** One input's registration and its error message. */
type Field = { registration: UseFormRegisterReturn; error?: string };

export function TradeField({
  registration,
  error,
  empty,
  initial,
}: Field & {
  empty: boolean;
  /** The saved trade. Given to the element as well, so the right option shows from the first paint. */
  initial: string;
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor="profile-trade">
        Trade
        <RequiredMark />
      </Label>
      <select
        id="profile-trade"
        aria-required="true"
        {...fieldErrorProps('profile-trade', error)}
        className={cn(fieldClass, 'h-10', empty && 'text-muted-foreground')}
        defaultValue={initial}
        {...registration}
      >
        {/* Selectable, unlike a disabled placeholder, so an empty trade reads the same in every browser. */}
        <option value="">Select your trade</option>
        {TRADES.map((trade) => (
          <option key={trade} value={trade} className="text-foreground">
            {trade}
          </option>
        ))}
      </select>
      <FieldError id={errorIdOf('profile-trade')} message={error} />
    </div>
  );
}

export function BioField({ registration, error }: Field) {
  return (
    <div className="space-y-2">
      <Label htmlFor="profile-bio">Bio</Label>
      <textarea
        id="profile-bio"
        rows={5}
        placeholder="Tell customers about your work, experience and what you specialise in."
        {...fieldErrorProps('profile-bio', error, 'profile-bio-hint')}
        maxLength={PROFILE_LIMITS.bioMax + 100}
        className={cn(fieldClass, 'min-h-32 resize-y')}
        {...registration}
      />
      <p id="profile-bio-hint" className="text-xs text-muted-foreground">
        Up to {PROFILE_LIMITS.bioMax} characters.
      </p>
      <FieldError id={errorIdOf('profile-bio')} message={error} />
    </div>
  );
}

export function YearsField({ registration, error }: Field) {
  return (
    <div className="space-y-2">
      <Label htmlFor="profile-years">Years of experience</Label>
      <Input
        id="profile-years"
        inputMode="numeric"
        placeholder="e.g. 10"
        {...fieldErrorProps('profile-years', error)}
        {...registration}
      />
      <FieldError id={errorIdOf('profile-years')} message={error} />
    </div>
  );
}

export function RateFields({ min, max }: { min: Field; max: Field }) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm leading-none font-medium">Hourly rate (£ per hour, optional)</legend>
      <div className="grid grid-cols-2 gap-3 pt-2">
        <div className="space-y-1">
          <Label htmlFor="profile-rate-min" className="text-xs text-muted-foreground">
            Minimum rate
          </Label>
          <PoundsInput
            id="profile-rate-min"
            inputMode="numeric"
            placeholder="e.g. 40"
            {...fieldErrorProps('profile-rate-min', min.error)}
            {...min.registration}
          />
          <FieldError id={errorIdOf('profile-rate-min')} message={min.error} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="profile-rate-max" className="text-xs text-muted-foreground">
            Maximum rate
          </Label>
          <PoundsInput
            id="profile-rate-max"
            inputMode="numeric"
            placeholder="e.g. 60"
            {...fieldErrorProps('profile-rate-max', max.error)}
            {...max.registration}
          />
          <FieldError id={errorIdOf('profile-rate-max')} message={max.error} />
        </div>
      </div>
      <p className="text-xs text-muted-foreground">
        Whole pounds. Customers see “Rate on request” without them.
      </p>
    </fieldset>
  );
}

export function BaseAreaFields({
  postcode,
  radius,
  postcodeRequired = false,
}: {
  postcode: Field;
  radius: Field;
  postcodeRequired?: boolean;
}) {
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <div className="space-y-2">
        <Label htmlFor="profile-postcode">
          Base postcode
          {postcodeRequired && <RequiredMark />}
        </Label>
        <Input
          id="profile-postcode"
          autoComplete="postal-code"
          autoCapitalize="characters"
          placeholder="e.g. M1 1AE"
          aria-required={postcodeRequired ? 'true' : undefined}
          {...fieldErrorProps('profile-postcode', postcode.error, 'profile-postcode-hint')}
          {...postcode.registration}
        />
        <p id="profile-postcode-hint" className="text-xs text-muted-foreground">
          Where you work from. Customers only ever see the district.
        </p>
        <FieldError id={errorIdOf('profile-postcode')} message={postcode.error} />
      </div>
      <div className="space-y-2">
        <Label htmlFor="profile-radius">
          Service radius (miles)
          <RequiredMark />
        </Label>
        <Input
          id="profile-radius"
          inputMode="numeric"
          placeholder="e.g. 15"
          aria-required="true"
          {...fieldErrorProps('profile-radius', radius.error, 'profile-radius-hint')}
          {...radius.registration}
        />
        <p id="profile-radius-hint" className="text-xs text-muted-foreground">
          How far you travel for work, 1 to 200 miles.
        </p>
        <FieldError id={errorIdOf('profile-radius')} message={radius.error} />
      </div>
    </div>
  );
}
