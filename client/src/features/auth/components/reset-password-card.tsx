import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { PASSWORD_MIN_LENGTH, resetPasswordRequestSchema } from '@santa/shared/auth';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { TextField } from '@/components/text-field';
import { requestErrorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useResetPassword } from '../api/account-links';
import { useLinkToken } from '../hooks/use-link-token';

const linkClass =
  'rounded font-semibold text-santa-700 underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink';

/** The page an emailed reset link opens: a new password, then sign in with it. */
export function ResetPasswordCard() {
  const token = useLinkToken();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reset = useResetPassword();
  const navigate = useNavigate();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    if (password !== confirm) {
      toast.error('The two passwords are not the same');
      return;
    }
    const parsed = resetPasswordRequestSchema.safeParse({ token, password });
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? 'Please choose another password');
      return;
    }
    try {
      await reset.mutateAsync(parsed.data);
      toast.success('Password changed. Sign in with your new password.');
      navigate(paths.auth, { replace: true });
    } catch (error) {
      // An expired or used link cannot be retried: say so where the form is, with the way out.
      setProblem(requestErrorMessage(error));
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
        <form className="mt-6 flex flex-col gap-4" onSubmit={handleSubmit}>
          <TextField
            label="New password"
            name="new-password"
            type="password"
            autoComplete="new-password"
            required
            hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <TextField
            label="Type it again"
            name="confirm-password"
            type="password"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
          />
          {problem ? (
            <p role="alert" className="rounded-xl bg-santa-50 p-4 text-santa-800">
              {problem}
            </p>
          ) : null}
          <Button type="submit" size="lg" className="mt-2 w-full" disabled={reset.isPending}>
            {reset.isPending ? 'Saving…' : 'Set new password'}
          </Button>
        </form>
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
