import { useState } from 'react';
import { toast } from '@/lib/toast';
import { changeEmailRequestSchema, type ChangeEmailRequest, type User } from '@santa/shared/auth';
import { Form } from '@/components/form/form';
import { EmailField, PasswordField } from '@/components/form/text-fields';
import { toastFirstError, useZodForm } from '@/components/form/use-zod-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { requestErrorMessage } from '@/lib/api-client';
import { useChangeEmail, useResendVerification } from '../api/account-settings';

/** The address, whether it is confirmed, and a change that only happens once the new one is. */
export function EmailAddressCard({ user }: { user: User }) {
  const form = useZodForm(changeEmailRequestSchema, { defaultValues: { new_email: '', password: '' } });
  const [pending, setPending] = useState<string | null>(null);
  const change = useChangeEmail();
  const resend = useResendVerification();

  async function submit(request: ChangeEmailRequest) {
    try {
      // A Google-only account has no password to send.
      const { message } = await change.mutateAsync({
        ...request,
        password: user.has_password ? request.password : undefined,
      });
      setPending(message);
      form.reset();
    } catch (error) {
      toast.error(requestErrorMessage(error));
    }
  }

  async function resendLink() {
    try {
      toast.success((await resend.mutateAsync()).message);
    } catch (error) {
      toast.error(requestErrorMessage(error));
    }
  }

  return (
    <Card aria-labelledby="email-title">
      <h2 id="email-title" className="font-display text-2xl font-bold text-ink">
        Email address
      </h2>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-ink/80">
        <span className="font-semibold text-ink">{user.email}</span>
        {user.email_verified ? (
          <span className="rounded-full bg-pine-50 px-2 py-0.5 text-sm text-pine-700">Confirmed</span>
        ) : (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-sm text-amber-900">
            Not confirmed yet
          </span>
        )}
      </p>
      {!user.email_verified ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <p className="text-ink/75">Open the link we emailed you to confirm it.</p>
          <Button variant="outline" size="sm" onClick={() => void resendLink()} disabled={resend.isPending}>
            Send the link again
          </Button>
        </div>
      ) : null}
      {pending ? (
        <p role="status" className="mt-4 rounded-xl bg-pine-50 p-4 text-pine-700">
          {pending}
        </p>
      ) : null}
      <Form
        form={form}
        onSubmit={submit}
        onInvalid={toastFirstError}
        className="mt-4 grid gap-4 sm:grid-cols-2"
      >
        <EmailField form={form} name="new_email" label="New email address" required />
        {user.has_password ? (
          <PasswordField form={form} name="password" label="Current password" purpose="current" required />
        ) : null}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Sending…' : 'Change email address'}
          </Button>
          <p className="mt-2 text-sm text-ink/70">
            We send a link to the new address; your current one keeps working until you open it.
          </p>
        </div>
      </Form>
    </Card>
  );
}
