import { useWatch } from 'react-hook-form';
import { DELETE_WORD, deletionConfirmationSchema, type DeletionConfirmation } from '@santa/shared/privacy';
import { Form } from '@/components/form/form';
import { FormTextField, PasswordField } from '@/components/form/text-fields';
import { useZodForm } from '@/components/form/use-zod-form';
import { Button } from '@/components/ui/button';

/**
 * What confirms a deletion: the password, or for a Google-only account the word DELETE (the server
 * also wants a recent sign-in).
 */
export function ConfirmDeletion({
  hasPassword,
  action,
  pending,
  onConfirm,
  onCancel,
}: {
  hasPassword: boolean;
  action: string;
  pending: boolean;
  onConfirm: (confirmation: DeletionConfirmation) => void;
  onCancel: () => void;
}) {
  const form = useZodForm(deletionConfirmationSchema, { defaultValues: { password: '', confirm: '' } });
  const field = hasPassword ? 'password' : 'confirm';
  const value = useWatch({ control: form.control, name: field });
  return (
    <Form
      form={form}
      onSubmit={(confirmation) =>
        onConfirm(hasPassword ? { password: confirmation.password } : { confirm: confirmation.confirm })
      }
      className="flex flex-col gap-3 rounded-xl border border-santa-200 bg-santa-50 p-4"
    >
      {hasPassword ? (
        <PasswordField
          form={form}
          name="password"
          label="Your password"
          purpose="current"
          hint="This cannot be undone."
        />
      ) : (
        <FormTextField
          form={form}
          name="confirm"
          label={`Type ${DELETE_WORD} to confirm`}
          hint="This cannot be undone. For your safety you must have signed in within the last few minutes."
        />
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={!value || pending}>
          {pending ? 'Deleting...' : action}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
