import type { FormHTMLAttributes } from 'react';
import type { FieldValues, SubmitErrorHandler, SubmitHandler, UseFormReturn } from 'react-hook-form';

interface FormProps<TValues extends FieldValues, TOutput> extends Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'onSubmit' | 'onInvalid'
> {
  form: UseFormReturn<TValues, unknown, TOutput>;
  /** Called with the schema's output once every field passes; a request's failure is its own to report. */
  onSubmit: SubmitHandler<TOutput>;
  /** Called with the errors when a field does not pass (they already show at their fields). */
  onInvalid?: SubmitErrorHandler<TValues>;
}

/**
 * A <form> run by a useZodForm form: a submit checks every field with the schema, shows each
 * problem at its field and focuses the first, and only then calls `onSubmit`.
 */
export function Form<TValues extends FieldValues, TOutput>({
  form,
  onSubmit,
  onInvalid,
  ...rest
}: FormProps<TValues, TOutput>) {
  return <form {...rest} onSubmit={(event) => void form.handleSubmit(onSubmit, onInvalid)(event)} />;
}

/**
 * A problem with the form as a whole, said where the form is: the server's answer that no field
 * owns (an expired link), read out as it appears.
 */
export function FormError({
  message,
  className = 'rounded-xl bg-santa-50 p-4 text-santa-800',
}: {
  message: string | undefined;
  className?: string;
}) {
  if (!message) return null;
  return (
    <p role="alert" className={className}>
      {message}
    </p>
  );
}
