import { useId, useMemo } from 'react';
import { useController, type FieldPath, type FieldValues } from 'react-hook-form';
import type { CountryCode } from 'libphonenumber-js';
import { describedBy, FieldError, FieldHint, fieldInputClasses } from '@/components/ui/field-parts';
import { countryOfTypedPhone, formatPhoneAsTyped, phoneCountryOptions } from '@/lib/phone';
import { asText, useFormField, type BoundFieldProps } from './use-form-field';

interface PhoneFieldProps<TValues extends FieldValues, TOutput> extends BoundFieldProps<TValues, TOutput> {
  /** The form's field for the phone's country (ISO 3166 alpha-2), chosen beside the number. */
  countryName: FieldPath<TValues>;
  label: string;
  hint?: string;
  required?: boolean;
  placeholder?: string;
}

/**
 * A phone number with its country beside it: national formats ("(415) 555-0142") read in that
 * country, "+44 …" in its own, formatted as the parent types. Editing either clears the error.
 */
export function PhoneField<TValues extends FieldValues, TOutput>({
  form,
  name,
  countryName,
  label,
  hint,
  required,
  placeholder,
}: PhoneFieldProps<TValues, TOutput>) {
  const { attach, value: typed, onValueChange, onBlur, error } = useFormField(form, name);
  const country = useController({ control: form.control, name: countryName });
  const selected = asText(country.field.value) as CountryCode;
  const value = asText(typed);
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const options = useMemo(() => phoneCountryOptions(navigator.language || 'en-US'), []);
  const change = (next: string, nextCountry: CountryCode) => {
    country.field.onChange(nextCountry);
    onValueChange(next);
  };
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-semibold text-ink">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-santa-600">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {/* On a phone the country takes its own row, so its name is read whole. */}
      <div className="flex flex-col gap-2 sm:flex-row">
        <select
          id={`${inputId}-country`}
          aria-label="Country"
          name={country.field.name}
          value={selected}
          onChange={(event) => change(value, event.target.value as CountryCode)}
          className={`min-h-11 w-full shrink-0 sm:w-52 ${fieldInputClasses(false)} px-2`}
        >
          {options.map((option) => (
            <option key={option.code} value={option.code}>
              {option.label}
            </option>
          ))}
        </select>
        <input
          ref={attach}
          id={inputId}
          name={name}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required={required}
          placeholder={placeholder}
          value={value}
          onBlur={onBlur}
          onChange={(event) => {
            const next = formatPhoneAsTyped(value, event.target.value, selected);
            change(next, countryOfTypedPhone(next, selected) ?? selected);
          }}
          aria-describedby={describedBy(!!error && errorId, !!hint && hintId)}
          aria-invalid={error ? true : undefined}
          className={`min-h-11 min-w-0 flex-1 ${fieldInputClasses(!!error)}`}
        />
      </div>
      <FieldError id={errorId} message={error} />
      <FieldHint id={hintId} hint={hint} />
    </div>
  );
}
