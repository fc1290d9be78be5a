import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SantaHatIcon } from '@/components/logo';
import { requestErrorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useGift, useRedeemGift } from '../api/redeem-gift';

const linkClasses =
  'rounded font-semibold text-santa-700 underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink';

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="flex w-full max-w-md flex-col items-center gap-4 p-6 text-center sm:p-8">
      <SantaHatIcon className="h-16 w-16" />
      <h1 className="font-display text-3xl font-bold text-santa-700">{title}</h1>
      {children}
      <Link to={paths.landing} className={`inline-flex min-h-tap items-center ${linkClasses}`}>
        Santa Calls home
      </Link>
    </Card>
  );
}

/** The recipient's page: who gave what, then sign in (or sign up) and redeem it once. */
export function RedeemGiftPage({ code, isSignedIn }: { code: string; isSignedIn: boolean }) {
  const state = useGift(code);
  const redeem = useRedeemGift();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  useDocumentTitle('A gift from Santa Calls');

  if (state.status === 'loading') return <p className="text-white">Opening your gift…</p>;
  if (state.status === 'missing')
    return (
      <Notice title="We couldn’t find this gift">
        <p className="text-gray-700">{state.detail}</p>
      </Notice>
    );
  if (state.status === 'failed')
    return (
      <Notice title="Your gift didn’t open">
        <p className="text-gray-700">{requestErrorMessage(state.error)}</p>
      </Notice>
    );

  const { gift } = state;
  const back = `?gift=${encodeURIComponent(code)}`;

  async function handleRedeem() {
    setError(null);
    try {
      const result = await redeem.mutateAsync(code);
      toast.success(result.message);
      void navigate(paths.dashboard);
    } catch (failure) {
      setError(requestErrorMessage(failure));
    }
  }

  return (
    <Card className="w-full max-w-xl p-6 sm:p-10">
      <p className="text-eyebrow font-extrabold text-pine-700 uppercase">A gift from Santa Calls</p>
      <h1 className="mt-2 font-display text-3xl font-bold text-santa-700 sm:text-4xl">
        {gift.giver_name} gave you the {gift.plan_name}
      </h1>
      {gift.recipient_name ? <p className="mt-2 text-gray-700">For {gift.recipient_name}</p> : null}
      {gift.message ? (
        <blockquote className="mt-6 rounded-xl bg-frost p-4 text-lg text-ink italic">
          “{gift.message}”
        </blockquote>
      ) : null}
      {gift.redeemed ? (
        <p role="status" className="mt-6 rounded-lg border border-gold-400 bg-amber-50 p-3 text-ink">
          This gift has already been redeemed.{' '}
          {isSignedIn ? (
            <Link to={paths.dashboard} className={linkClasses}>
              Go to your dashboard
            </Link>
          ) : null}
        </p>
      ) : isSignedIn ? (
        <div className="mt-8 flex flex-col gap-3">
          <Button size="lg" onClick={() => void handleRedeem()} disabled={redeem.isPending}>
            {redeem.isPending ? 'Redeeming…' : 'Redeem'}
          </Button>
          {error ? (
            <p role="alert" className="text-santa-700">
              {error}
            </p>
          ) : null}
        </div>
      ) : (
        <div className="mt-8 flex flex-col gap-3">
          <p className="text-gray-700">
            Create an account (or sign in) to redeem it: the plan starts for you.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <ButtonLink to={`${paths.auth}${back}&mode=signup`} size="lg">
              Create an account
            </ButtonLink>
            <ButtonLink to={`${paths.auth}${back}`} variant="outline" size="lg">
              Sign in
            </ButtonLink>
          </div>
        </div>
      )}
    </Card>
  );
}
