import { forwardRef, useId, useMemo } from 'react';
import type { CountryCode } from 'libphonenumber-js';
import { describedBy, FieldError, FieldHint, fieldInputClasses } from '@/components/field-parts';
import { countryOfTypedPhone, formatPhoneAsTyped, phoneCountryOptions } from '@/lib/phone';

interface PhoneFieldProps {
  label: string;
  name: string;
  value: string;
  country: CountryCode;
  onChange: (value: string, country: CountryCode) => void;
  hint?: string;
  error?: string;
  required?: boolean;
  placeholder?: string;
}

/**
 * A phone number with its country beside it: national formats ("(415) 555-0142") read in that
 * country, "+44 …" in its own, formatted as the parent types.
 */
export const PhoneField = forwardRef<HTMLInputElement, PhoneFieldProps>(function PhoneField(
  { label, name, value, country, onChange, hint, error, required, placeholder },
  ref,
) {
  const inputId = useId();
  const countryId = `${inputId}-country`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const options = useMemo(() => phoneCountryOptions(navigator.language || 'en-US'), []);
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
      <div className="flex gap-2">
        <select
          id={countryId}
          aria-label="Country"
          name={`${name}_country`}
          value={country}
          onChange={(event) => onChange(value, event.target.value as CountryCode)}
          className={`min-h-11 w-32 shrink-0 sm:w-52 ${fieldInputClasses(false)} px-2`}
        >
          {options.map((option) => (
            <option key={option.code} value={option.code}>
              {option.label}
            </option>
          ))}
        </select>
        <input
          ref={ref}
          id={inputId}
          name={name}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required={required}
          placeholder={placeholder}
          value={value}
          onChange={(event) => {
            const next = formatPhoneAsTyped(value, event.target.value, country);
            onChange(next, countryOfTypedPhone(next, country) ?? country);
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
});
