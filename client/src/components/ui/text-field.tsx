import { forwardRef, useId, type InputHTMLAttributes } from 'react';
import { describedBy, FieldError, FieldHint, fieldInputClasses } from './field-parts';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Help shown under the input and announced with it. */
  hint?: string;
  /** The field's own error, shown at the field and announced with it. */
  error?: string;
}

/** A labelled input; the label is always visible so the field never relies on its placeholder. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, id, className = '', ...rest },
  ref,
) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={inputId} className="text-sm font-semibold text-ink">
        {label}
        {rest.required ? (
          <span aria-hidden="true" className="text-santa-600">
            {' '}
            *
          </span>
        ) : null}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-describedby={describedBy(!!error && errorId, !!hint && hintId)}
        aria-invalid={error ? true : undefined}
        className={`min-h-11 w-full ${fieldInputClasses(!!error)}`}
        {...rest}
      />
      <FieldError id={errorId} message={error} />
      <FieldHint id={hintId} hint={hint} />
    </div>
  );
});
