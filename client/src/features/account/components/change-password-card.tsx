import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { changePasswordRequestSchema, PASSWORD_MIN_LENGTH, type User } from '@santa/shared/auth';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { TextField } from '@/components/text-field';
import { requestErrorMessage } from '@/lib/api-client';
import { useChangePassword } from '../api/account-settings';

/** Needs the current password; every other device is signed out, this one stays. */
export function ChangePasswordCard({ user }: { user: User }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const change = useChangePassword();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = changePasswordRequestSchema.safeParse({ current_password: current, new_password: next });
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? 'Please check both passwords');
      return;
    }
    try {
      const { message } = await change.mutateAsync(parsed.data);
      toast.success(message);
      setCurrent('');
      setNext('');
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
        <form className="mt-4 grid gap-4 sm:grid-cols-2" onSubmit={handleSubmit}>
          <TextField
            label="Current password"
            name="current-password"
            type="password"
            autoComplete="current-password"
            required
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
          />
          <TextField
            label="New password"
            name="new-password"
            type="password"
            autoComplete="new-password"
            required
            hint={`At least ${PASSWORD_MIN_LENGTH} characters. Your other devices will be signed out.`}
            value={next}
            onChange={(event) => setNext(event.target.value)}
          />
          <div className="sm:col-span-2">
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Saving…' : 'Change password'}
            </Button>
          </div>
        </form>
      ) : (
        <p className="mt-2 text-ink/75">
          You sign in with Google, so this account has no password. To add one, sign out and use “Forgot
          password?” on the sign-in page.
        </p>
      )}
    </Card>
  );
}
