import type { FieldValues } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH } from '@santa/shared/password';
import { TextAreaField, type TextAreaFieldProps } from '@/components/ui/text-area-field';
import { TextField, type TextFieldProps } from '@/components/ui/text-field';
import { asText, useFormField, type BoundFieldProps } from './use-form-field';

type Bound<TValues extends FieldValues, TOutput, TProps> = BoundFieldProps<TValues, TOutput> &
  Omit<TProps, 'form' | 'name' | 'value' | 'defaultValue' | 'onChange' | 'onValueChange' | 'error'>;

export type FormTextFieldProps<TValues extends FieldValues, TOutput> = Bound<
  TValues,
  TOutput,
  TextFieldProps
> & {
  /** Rewrites what the parent types before it is kept (a code field keeps only digits). */
  parse?: (typed: string) => string;
};

/** A TextField bound to a useZodForm form: its error is the schema's, shown and announced at it. */
export function FormTextField<TValues extends FieldValues, TOutput>({
  form,
  name,
  parse,
  ...rest
}: FormTextFieldProps<TValues, TOutput>) {
  const { attach, value, onValueChange, onBlur, error } = useFormField(form, name);
  return (
    <TextField
      {...rest}
      ref={attach}
      name={name}
      value={asText(value)}
      onChange={(event) => onValueChange(parse ? parse(event.target.value) : event.target.value)}
      onBlur={onBlur}
      error={error}
    />
  );
}

/** A TextAreaField bound to a useZodForm form (its limit still refuses a paste that would not fit). */
export function FormTextAreaField<TValues extends FieldValues, TOutput>({
  form,
  name,
  ...rest
}: Bound<TValues, TOutput, TextAreaFieldProps>) {
  const { attach, value, onValueChange, onBlur, error } = useFormField(form, name);
  return (
    <TextAreaField
      {...rest}
      ref={attach}
      name={name}
      value={asText(value)}
      onValueChange={onValueChange}
      onBlur={onBlur}
      error={error}
    />
  );
}

/** An email address: the right keyboard and autofill; the label says whose address it is. */
export function EmailField<TValues extends FieldValues, TOutput>({
  label = 'Email',
  ...rest
}: Omit<FormTextFieldProps<TValues, TOutput>, 'label' | 'type'> & { label?: string }) {
  return <FormTextField type="email" autoComplete="email" label={label} {...rest} />;
}

/** The hint under a password being chosen. */
export const NEW_PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters`;

/**
 * A password: `purpose` tells the browser's password manager whether to fill the saved one
 * ("current") or offer a new one ("new").
 */
export function PasswordField<TValues extends FieldValues, TOutput>({
  purpose,
  ...rest
}: Omit<FormTextFieldProps<TValues, TOutput>, 'type' | 'autoComplete'> & { purpose: 'current' | 'new' }) {
  return (
    <FormTextField
      type="password"
      autoComplete={purpose === 'new' ? 'new-password' : 'current-password'}
      {...rest}
    />
  );
}
