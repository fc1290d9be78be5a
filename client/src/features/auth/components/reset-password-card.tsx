import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { toast } from '@/lib/toast';
import { resetPasswordRequestSchema, type ResetPasswordRequest } from '@santa/shared/auth';
import { Form, FormError } from '@/components/form/form';
import { NEW_PASSWORD_HINT, PasswordField } from '@/components/form/text-fields';
import { toastFirstError, useZodForm } from '@/components/form/use-zod-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { requestErrorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useResetPassword } from '../api/account-links';
import { useLinkToken } from '../hooks/use-link-token';

const linkClass =
  'inline-flex min-h-tap items-center rounded font-semibold text-santa-700 underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink';

/** The new password typed twice, then the server's own check of the link's token and the password. */
function resetFormSchema(token: string) {
  return z
    .object({ password: z.string(), confirm: z.string() })
    .refine((fields) => fields.password === fields.confirm, {
      message: 'The two passwords are not the same',
      path: ['confirm'],
    })
    .transform(({ password }) => ({ token, password }))
    .pipe(resetPasswordRequestSchema);
}

/** The page an emailed reset link opens: a new password, then sign in with it. */
export function ResetPasswordCard() {
  const token = useLinkToken();
  const schema = useMemo(() => resetFormSchema(token ?? ''), [token]);
  const form = useZodForm(schema, { defaultValues: { password: '', confirm: '' } });
  const reset = useResetPassword();
  const navigate = useNavigate();

  async function submit(request: ResetPasswordRequest) {
    try {
      await reset.mutateAsync(request);
      toast.success('Password changed. Sign in with your new password.');
      navigate(paths.auth, { replace: true });
    } catch (error) {
      // An expired or used link cannot be retried: say so where the form is, with the way out.
      form.setError('root.server', { message: requestErrorMessage(error) });
    }
  }

  return (
    <Card className="w-full max-w-md p-6 sm:p-8">
      <div className="text-center">
        <h1 className="font-display text-3xl font-bold text-santa-700">Choose a new password</h1>
        <p className="mt-2 text-gray-700">Setting it signs your account out on every device.</p>
      </div>
      {!token ? (
        <p role="alert" className="mt-6 rounded-xl bg-santa-50 p-4 text-santa-800">
          This link is incomplete. Open it again from the email, or ask for a new one.
        </p>
      ) : (
        <Form form={form} onSubmit={submit} onInvalid={toastFirstError} className="mt-6 flex flex-col gap-4">
          <PasswordField
            form={form}
            name="password"
            label="New password"
            purpose="new"
            required
            hint={NEW_PASSWORD_HINT}
          />
          <PasswordField form={form} name="confirm" label="Type it again" purpose="new" required />
          <FormError message={form.formState.errors.root?.server?.message} />
          <Button type="submit" size="lg" className="mt-2 w-full" disabled={reset.isPending}>
            {reset.isPending ? 'Saving…' : 'Set new password'}
          </Button>
        </Form>
      )}
      <p className="mt-6 flex flex-wrap justify-center gap-x-6 gap-y-2 text-center">
        <Link to={paths.forgotPassword} className={linkClass}>
          Ask for a new link
        </Link>
        <Link to={paths.auth} className={linkClass}>
          Back to sign in
        </Link>
      </p>
    </Card>
  );
}
