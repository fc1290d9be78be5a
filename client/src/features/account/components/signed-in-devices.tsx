import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { formatShortDateTime } from '@/lib/format';
import { useDeviceSessions, useSignOutDevice, useSignOutOtherDevices } from '../api/sessions';

/** Every browser signed in to this account, each with a way to sign it out. */
export function SignedInDevices() {
  const sessions = useDeviceSessions();
  const signOutOne = useSignOutDevice();
  const signOutOthers = useSignOutOtherDevices();

  const done = (promise: Promise<{ message: string }>) =>
    promise.then(
      ({ message }) => toast.success(message),
      (error: unknown) => toast.error(errorMessage(error, 'Could not sign that device out')),
    );

  return (
    <Card aria-labelledby="devices-title">
      <h2 id="devices-title" className="font-display text-2xl font-bold text-ink">
        Signed-in devices
      </h2>
      <p className="mt-1 text-ink/75">
        If you see a device you don’t recognise, sign it out and change your password.
      </p>
      {sessions.isPending ? <p className="mt-4 text-ink/75">Loading your devices…</p> : null}
      {sessions.isError ? (
        <div className="mt-4 flex items-center gap-3" role="alert">
          <p className="text-santa-700">We couldn’t load your devices.</p>
          <Button variant="outline" size="sm" onClick={() => void sessions.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {sessions.data ? (
        <ul className="mt-4 divide-y divide-santa-100">
          {sessions.data.sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <p className="font-semibold text-ink">
                  {session.device}
                  {session.current ? (
                    <span className="ml-2 rounded-full bg-pine-50 px-2 py-0.5 text-sm text-pine-700">
                      This device
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-ink/75">
                  Signed in {formatShortDateTime(session.created_at)} · last used{' '}
                  {formatShortDateTime(session.last_seen_at)}
                </p>
              </div>
              {session.current ? null : (
                <Button
                  variant="outline"
                  size="sm"
                  className="min-h-11"
                  disabled={signOutOne.isPending}
                  onClick={() => void done(signOutOne.mutateAsync(session.id))}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {sessions.data && sessions.data.sessions.length > 1 ? (
        <Button
          className="mt-4 min-h-11"
          variant="secondary"
          disabled={signOutOthers.isPending}
          onClick={() => void done(signOutOthers.mutateAsync())}
        >
          Sign out everywhere else
        </Button>
      ) : null}
    </Card>
  );
}
