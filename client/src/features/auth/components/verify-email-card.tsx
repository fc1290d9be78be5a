import { Link } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { requestErrorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useVerifyEmail } from '../api/account-links';
import { useUser } from '../api/get-me';
import { useLinkToken } from '../hooks/use-link-token';

/**
 * The page an emailed confirmation link opens. Confirming takes a click rather than happening on
 * load, so a mail scanner that previews links cannot use the link up.
 */
export function VerifyEmailCard() {
  const token = useLinkToken();
  const verify = useVerifyEmail();
  const { data: user } = useUser();

  return (
    <Card className="w-full max-w-md p-6 text-center sm:p-8">
      <h1 className="font-display text-3xl font-bold text-santa-700">Confirm your email</h1>
      {verify.isSuccess ? (
        <>
          <p role="status" className="mt-4 rounded-xl bg-pine-50 p-4 text-pine-700">
            {verify.data.message}
          </p>
          <ButtonLink to={user ? paths.account : paths.auth} size="lg" className="mt-6 w-full">
            {user ? 'Back to my account' : 'Sign in'}
          </ButtonLink>
        </>
      ) : !token ? (
        <p role="alert" className="mt-4 rounded-xl bg-santa-50 p-4 text-santa-800">
          This link is incomplete. Open it again from the email.
        </p>
      ) : (
        <>
          <p className="mt-2 text-gray-700">One click and the elves know where to reach you.</p>
          {verify.isError ? (
            <p role="alert" className="mt-4 rounded-xl bg-santa-50 p-4 text-santa-800">
              {requestErrorMessage(verify.error)}
            </p>
          ) : null}
          <Button
            size="lg"
            className="mt-6 w-full"
            disabled={verify.isPending}
            onClick={() => verify.mutate(token)}
          >
            {verify.isPending ? 'Confirming…' : 'Confirm my email address'}
          </Button>
        </>
      )}
      <p className="mt-6">
        <Link
          to={paths.landing}
          className="inline-flex min-h-tap items-center rounded font-semibold text-santa-700 underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink"
        >
          Santa Calls home
        </Link>
      </p>
    </Card>
  );
}
