import { useId, type InputHTMLAttributes } from 'react';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Help shown under the input and announced with it. */
  hint?: string;
}

/** A labelled input; the label is always visible so the field never relies on its placeholder. */
export function TextField({ label, hint, id, className = '', ...rest }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
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
        id={inputId}
        aria-describedby={hintId}
        className="w-full rounded-xl border border-gray-300 bg-white px-4 py-2.5 text-base text-ink placeholder:text-gray-500 focus:border-santa-600 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-santa-600 disabled:bg-gray-100"
        {...rest}
      />
      {hint ? (
        <p id={hintId} className="text-sm text-gray-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
