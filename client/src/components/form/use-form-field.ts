import { useCallback } from 'react';
import { useController, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';

/** What every bound field takes: the form from useZodForm, and the field's name in it. */
export interface BoundFieldProps<TValues extends FieldValues, TOutput> {
  form: UseFormReturn<TValues, unknown, TOutput>;
  name: FieldPath<TValues>;
}

/**
 * The element react-hook-form focuses when a submit finds this field wrong: brought to the middle
 * of the screen first, so the sticky header never covers it or its label.
 */
function centred(element: HTMLElement) {
  return {
    focus: () => {
      element.scrollIntoView?.({ block: 'center' });
      element.focus({ preventScroll: true });
    },
  };
}

/**
 * One text field of a useZodForm form: its value, its error (the schema's message, shown from the
 * submit until the parent edits the field) and the ref that lets a submit focus it.
 */
export function useFormField<TValues extends FieldValues, TOutput>(
  form: UseFormReturn<TValues, unknown, TOutput>,
  name: FieldPath<TValues>,
) {
  const { field, fieldState } = useController({ control: form.control, name });
  const { clearErrors } = form;
  const hasError = fieldState.error !== undefined;
  const { onChange, ref } = field;
  const onValueChange = useCallback(
    (value: string) => {
      onChange(value);
      if (hasError) clearErrors(name);
    },
    [onChange, hasError, clearErrors, name],
  );
  const elementRef = useCallback((element: HTMLElement | null) => ref(element && centred(element)), [ref]);
  return {
    name: field.name,
    value: field.value,
    onBlur: field.onBlur,
    onValueChange,
    attach: elementRef,
    error: fieldState.error?.message,
  };
}

/** A text field's value: a form value that is not text yet (unset) shows as empty. */
export function asText(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
}
