import { forwardRef, useId, useState, type TextareaHTMLAttributes } from 'react';
import {
  describedBy,
  FieldCounter,
  FieldError,
  FieldHint,
  fieldInputClasses,
  overLimitMessage,
} from './field-parts';

export interface TextAreaFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'onChange' | 'value'
> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Help shown under the box and announced with it. */
  hint?: string;
  /** The field's own error, shown at the field and announced with it. */
  error?: string;
  /** The most characters it holds: counted as the parent types; a change past it is refused, visibly. */
  limit?: number;
}

/** A labelled multi-line input, styled like TextField. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, hint, error, limit, id, className = '', rows = 3, value, onValueChange, ...rest },
  ref,
) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const counterId = `${inputId}-counter`;
  const [refused, setRefused] = useState<string | undefined>();
  const shownError = refused ?? error;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={inputId} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <textarea
        ref={ref}
        id={inputId}
        rows={rows}
        value={value}
        // No maxLength: the browser would cut a long paste silently.
        onChange={(event) => {
          const next = event.target.value;
          if (limit !== undefined && next.length > limit && next.length > value.length) {
            setRefused(overLimitMessage(next.length, limit));
            return;
          }
          setRefused(undefined);
          onValueChange(next);
        }}
        aria-describedby={describedBy(
          !!shownError && errorId,
          !!hint && hintId,
          limit !== undefined && counterId,
        )}
        aria-invalid={shownError ? true : undefined}
        className={`w-full ${fieldInputClasses(!!shownError)}`}
        {...rest}
      />
      <div className="flex flex-wrap items-start justify-between gap-x-4">
        <div className="flex flex-1 flex-col gap-1">
          <FieldError id={errorId} message={shownError} />
          <FieldHint id={hintId} hint={hint} />
        </div>
        {limit !== undefined ? <FieldCounter id={counterId} length={value.length} limit={limit} /> : null}
      </div>
    </div>
  );
});
