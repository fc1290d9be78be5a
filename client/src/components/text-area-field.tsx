import { useId, type TextareaHTMLAttributes } from 'react';

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  /** Help shown under the box and announced with it. */
  hint?: string;
}

/** A labelled multi-line input, styled like TextField. */
export function TextAreaField({ label, hint, id, className = '', rows = 3, ...rest }: TextAreaFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={inputId} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <textarea
        id={inputId}
        rows={rows}
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
