import { TRADES } from '@domain/catalog/catalog';
import { PROFILE_LIMITS } from '@domain/profiles/schemas';
import { VAT_NUMBER_INPUT_MAX } from '@domain/profiles/vat-number';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { fieldClass } from '@/components/ui/field-class';
import { Field as FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { PoundsInput } from '@/components/ui/pounds-input';
import { cn } from '@/lib/utils';

// The profile's fields, shared by Edit Profile and Business Setup so both look and read the same.
// Each takes react-hook-form's registration for its input and the input's error message, if any, which
// it shows beside the input (through the app's one <Field>).

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
    <FormField id="profile-trade" label="Trade" required error={error}>
      {(control) => (
        <select
          {...control}
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
      )}
    </FormField>
  );
}

export function BioField({ registration, error }: Field) {
  return (
    <FormField id="profile-bio" label="Bio" hint={`Up to ${PROFILE_LIMITS.bioMax} characters.`} error={error}>
      {(control) => (
        <textarea
          rows={5}
          placeholder="Tell customers about your work, experience and what you specialise in."
          {...control}
          maxLength={PROFILE_LIMITS.bioMax + 100}
          className={cn(fieldClass, 'min-h-32 resize-y')}
          {...registration}
        />
      )}
    </FormField>
  );
}

export function YearsField({ registration, error }: Field) {
  return (
    <FormField id="profile-years" label="Years of experience" error={error}>
      {(control) => <Input inputMode="numeric" placeholder="e.g. 10" {...control} {...registration} />}
    </FormField>
  );
}

export function RateFields({ min, max }: { min: Field; max: Field }) {
  const rate = (id: string, label: string, placeholder: string, { registration, error }: Field) => (
    <FormField
      id={id}
      label={label}
      error={error}
      className="space-y-1"
      labelClassName="text-xs text-muted-foreground"
    >
      {(control) => (
        <PoundsInput inputMode="numeric" placeholder={placeholder} {...control} {...registration} />
      )}
    </FormField>
  );
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm leading-none font-medium">Hourly rate (£ per hour, optional)</legend>
      <div className="grid grid-cols-2 gap-3 pt-2">
        {rate('profile-rate-min', 'Minimum rate', 'e.g. 40', min)}
        {rate('profile-rate-max', 'Maximum rate', 'e.g. 60', max)}
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
      <FormField
        id="profile-postcode"
        label="Base postcode"
        required={postcodeRequired}
        hint="Where you work from. Customers only ever see the district."
        error={postcode.error}
      >
        {(control) => (
          <Input
            autoComplete="postal-code"
            autoCapitalize="characters"
            placeholder="e.g. M1 1AE"
            {...control}
            {...postcode.registration}
          />
        )}
      </FormField>
      <FormField
        id="profile-radius"
        label="Service radius (miles)"
        required
        hint="How far you travel for work, 1 to 200 miles."
        error={radius.error}
      >
        {(control) => (
          <Input inputMode="numeric" placeholder="e.g. 15" {...control} {...radius.registration} />
        )}
      </FormField>
    </div>
  );
}

/** Optional: a VAT-registered tradesperson adds VAT to itemised quotes, and the quote names the number. */
export function VatNumberField({ registration, error }: Field) {
  return (
    <FormField
      id="profile-vat-number"
      label="VAT number (optional)"
      hint="Only if you are VAT registered: GB and 9 digits, as on your VAT certificate. Customers see “VAT registered” on your profile and the number on your quotes."
      error={error}
    >
      {(control) => (
        <Input
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="e.g. GB 123 4567 89"
          maxLength={VAT_NUMBER_INPUT_MAX}
          {...control}
          {...registration}
        />
      )}
    </FormField>
  );
}
