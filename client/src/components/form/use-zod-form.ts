import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '@/lib/toast';

/** A schema, or a loader for one: a page painted before zod loads (sign-in) checks on submit. */
export type SchemaSource<TOutput, TValues> =
  z.ZodType<TOutput, TValues> | (() => Promise<z.ZodType<TOutput, TValues>>);

export type ZodFormOptions<TValues extends FieldValues, TOutput> = Omit<
  UseFormProps<TValues, unknown, TOutput>,
  'resolver'
>;

/**
 * A schema as the schema of a form whose fields hold `TValues`, when it accepts more than that:
 * the server's schemas also take numbers, arrays or nothing where the form holds typed text, and
 * ignore fields they do not know. Refused at compile time unless it accepts every `TValues`.
 *
 *   const schema = formSchema<ProfileValues>()(kidProfileRequestSchema);
 */
export function formSchema<TValues>() {
  return <TOutput, TInput>(
    schema: z.ZodType<TOutput, TInput> & ([TValues] extends [TInput] ? unknown : never),
  ): z.ZodType<TOutput, TValues> => schema as unknown as z.ZodType<TOutput, TValues>;
}

function resolverFor<TValues extends FieldValues, TOutput>(
  source: SchemaSource<TOutput, TValues>,
): Resolver<TValues, unknown, TOutput> {
  if (typeof source !== 'function') return zodResolver(source);
  return async (values, context, options) => zodResolver(await source())(values, context, options);
}

/**
 * The one way to hold a form: react-hook-form checked by a zod schema, usually the server's own
 * from `@santa/shared`, so the form never sends what the server refuses and says it in the same
 * words. A field's error shows at the field from the submit until the parent edits that field
 * (the field components clear it), and is checked again on the next submit.
 */
export function useZodForm<TValues extends FieldValues, TOutput>(
  schema: SchemaSource<TOutput, TValues>,
  // The values' type is the schema's: the defaults only have to fit it.
  options: NoInfer<ZodFormOptions<TValues, TOutput>> = {},
): UseFormReturn<TValues, unknown, TOutput> {
  return useForm<TValues, unknown, TOutput>({
    reValidateMode: 'onSubmit',
    ...options,
    resolver: resolverFor(schema),
  });
}

/** The first message among a form's errors, in the schema's order (the order zod reported them). */
export function firstErrorMessage(errors: FieldErrors): string | undefined {
  for (const error of Object.values(errors)) {
    if (!error || typeof error !== 'object') continue;
    // A field's own error has a type; anything else groups the errors of nested fields.
    if (typeof error.type === 'string') {
      if (typeof error.message === 'string' && error.message) return error.message;
      continue;
    }
    const nested = firstErrorMessage(error as FieldErrors);
    if (nested) return nested;
  }
  return undefined;
}

/** For forms that also say the first problem in a toast, as the sign-in and account forms do. */
export function toastFirstError(errors: FieldErrors): void {
  toast.error(firstErrorMessage(errors) ?? 'Please check the form');
}
