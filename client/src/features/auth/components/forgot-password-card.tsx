import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { forgotPasswordRequestSchema, type ForgotPasswordRequest } from '@santa/shared/auth';
import { Form } from '@/components/form/form';
import { EmailField } from '@/components/form/text-fields';
import { toastFirstError, useZodForm } from '@/components/form/use-zod-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { requestErrorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useForgotPassword } from '../api/account-links';

const linkClass =
  'inline-flex min-h-tap items-center rounded font-semibold text-santa-700 underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink';

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordCard() {
  const form = useZodForm(forgotPasswordRequestSchema, { defaultValues: { email: '' } });
  const forgot = useForgotPassword();

  async function submit(request: ForgotPasswordRequest) {
    try {
      await forgot.mutateAsync(request);
    } catch (error) {
      toast.error(requestErrorMessage(error));
    }
  }

  return (
    <Card className="w-full max-w-md p-6 sm:p-8">
      <div className="text-center">
        <h1 className="font-display text-3xl font-bold text-santa-700">Forgot your password?</h1>
        <p className="mt-2 text-gray-700">
          Type the email address of your account and we’ll send you a link to choose a new one.
        </p>
      </div>
      {forgot.isSuccess ? (
        <div role="status" className="mt-6 rounded-xl bg-pine-50 p-4 text-pine-700">
          <p className="font-semibold">Check your inbox</p>
          <p className="mt-1">{forgot.data.message}</p>
        </div>
      ) : (
        <Form form={form} onSubmit={submit} onInvalid={toastFirstError} className="mt-6 flex flex-col gap-4">
          <EmailField form={form} name="email" required />
          <Button type="submit" size="lg" className="mt-2 w-full" disabled={forgot.isPending}>
            {forgot.isPending ? 'Sending…' : 'Send me a reset link'}
          </Button>
        </Form>
      )}
      <p className="mt-6 text-center">
        <Link to={paths.auth} className={linkClass}>
          Back to sign in
        </Link>
      </p>
    </Card>
  );
}
