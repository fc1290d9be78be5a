import { toast } from '@/lib/toast';
import { changePasswordRequestSchema, type ChangePasswordRequest, type User } from '@santa/shared/auth';
import { Form } from '@/components/form/form';
import { NEW_PASSWORD_HINT, PasswordField } from '@/components/form/text-fields';
import { toastFirstError, useZodForm } from '@/components/form/use-zod-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { requestErrorMessage } from '@/lib/api-client';
import { useChangePassword } from '../api/account-settings';

/** Needs the current password; every other device is signed out, this one stays. */
export function ChangePasswordCard({ user }: { user: User }) {
  const form = useZodForm(changePasswordRequestSchema, {
    defaultValues: { current_password: '', new_password: '' },
  });
  const change = useChangePassword();

  async function submit(request: ChangePasswordRequest) {
    try {
      const { message } = await change.mutateAsync(request);
      toast.success(message);
      form.reset();
    } catch (error) {
      toast.error(requestErrorMessage(error));
    }
  }

  return (
    <Card aria-labelledby="password-title">
      <h2 id="password-title" className="font-display text-2xl font-bold text-ink">
        Password
      </h2>
      {user.has_password ? (
        <Form
          form={form}
          onSubmit={submit}
          onInvalid={toastFirstError}
          className="mt-4 grid gap-4 sm:grid-cols-2"
        >
          <PasswordField
            form={form}
            name="current_password"
            label="Current password"
            purpose="current"
            required
          />
          <PasswordField
            form={form}
            name="new_password"
            label="New password"
            purpose="new"
            required
            hint={`${NEW_PASSWORD_HINT}. Your other devices will be signed out.`}
          />
          <div className="sm:col-span-2">
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Saving…' : 'Change password'}
            </Button>
          </div>
        </Form>
      ) : (
        <p className="mt-2 text-ink/75">
          You sign in with Google, so this account has no password. To add one, sign out and use “Forgot
          password?” on the sign-in page.
        </p>
      )}
    </Card>
  );
}
