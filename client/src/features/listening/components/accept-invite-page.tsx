import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SantaHatIcon } from '@/components/logo';
import { requestErrorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAcceptInvite, useInvitation } from '../api/listening';
import { forgetToken, takeTokenFromLocation } from '../invite-token';

const linkClasses =
  'inline-flex min-h-tap items-center rounded font-semibold text-santa-700 underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink';

/** An invitation to listen: sign in (or sign up), then accept it once. */
export function AcceptInvitePage({ isSignedIn }: { isSignedIn: boolean }) {
  useDocumentTitle('Listen to the calls with Santa');
  const [token] = useState(takeTokenFromLocation);
  const accept = useAcceptInvite();
  const invitation = useInvitation(token);
  const family = invitation.data?.family_name ?? 'A family';
  const greeting = invitation.data ? `Hello ${invitation.data.invitee_name}! ` : '';
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  async function handleAccept() {
    if (!token) return;
    setError(null);
    try {
      const { message } = await accept.mutateAsync(token);
      forgetToken();
      toast.success(message);
      void navigate(paths.listening);
    } catch (failure) {
      setError(requestErrorMessage(failure));
    }
  }

  return (
    <Card className="flex w-full max-w-xl flex-col gap-4 p-6 sm:p-10">
      <SantaHatIcon className="h-14 w-14" />
      <h1 className="font-display text-3xl font-bold text-santa-700 sm:text-4xl">
        Listen to the calls with Santa
      </h1>
      {!token ? (
        <p className="text-gray-700">
          This invitation link is incomplete. Open it again from the email, or ask the family to invite you
          again.
        </p>
      ) : invitation.data?.expired ? (
        <p className="text-gray-700">
          {greeting}
          {family}’s invitation has expired. Ask them to invite you again: the new email brings a fresh link.
        </p>
      ) : isSignedIn ? (
        <>
          <p className="text-gray-700">
            {greeting}
            {family} invited you to hear their children’s calls with Santa: what each child told him, and the
            recordings they keep. You will see nothing else of their account.
          </p>
          <Button size="lg" onClick={() => void handleAccept()} disabled={accept.isPending}>
            {accept.isPending ? 'Accepting…' : 'Accept'}
          </Button>
          {error ? (
            <p role="alert" className="text-santa-700">
              {error}
            </p>
          ) : null}
        </>
      ) : (
        <>
          <p className="text-gray-700">
            {greeting}
            {family} invited you to hear their children’s calls with Santa. Create an account (or sign in) to
            accept: it is free, and you will come back here.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <ButtonLink to={`${paths.auth}?listen=1&mode=signup`} size="lg">
              Create an account
            </ButtonLink>
            <ButtonLink to={`${paths.auth}?listen=1`} variant="outline" size="lg">
              Sign in
            </ButtonLink>
          </div>
        </>
      )}
      <Link to={paths.landing} className={`${linkClasses} self-center`}>
        Santa Calls home
      </Link>
    </Card>
  );
}
