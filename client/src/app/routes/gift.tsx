import { useSearchParams } from 'react-router';
import { formatBillingDate } from '@santa/shared/billing-terms';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SiteFooter } from '@/components/site-footer';
import { SiteHeader } from '@/components/site-header';
import { UntilHydrated } from '@/components/ui/until-hydrated';
import { useUser } from '@/features/auth/api/get-me';
import { GiftForm } from '@/features/gifts/components/gift-form';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

/** "Give Santa as a gift": open to anyone; back from Stripe with ?sent=<day>, a thank-you. */
export function GiftRoute() {
  const { data: user, isPending } = useUser();
  const [params] = useSearchParams();
  const sent = params.get('sent');
  useDocumentTitle('Give Santa as a gift');
  return (
    <div className="min-h-screen bg-snow">
      <SiteHeader>
        {isPending ? null : (
          <ButtonLink to={user ? paths.dashboard : paths.pricing} size="sm">
            {user ? 'Dashboard' : 'Pricing'}
          </ButtonLink>
        )}
      </SiteHeader>
      <main className="mx-auto flex max-w-3xl flex-col items-center gap-8 px-4 py-12 sm:px-6">
        <div className="text-center">
          <h1 className="font-display text-4xl font-bold text-santa-700 sm:text-5xl">Give Santa as a gift</h1>
          <p className="mt-3 text-lede text-gray-700">
            A call from Santa for another family: they get an email on the day you choose, with your message
            and a link to redeem it.
          </p>
        </div>
        <UntilHydrated>
          {sent && /^\d{4}-\d{2}-\d{2}$/.test(sent) ? (
            <Card role="status" className="w-full max-w-xl p-6 text-center sm:p-8">
              <h2 className="font-display text-3xl font-bold text-pine-700">
                Your gift is on its way on {formatBillingDate(`${sent}T12:00:00Z`)}
              </h2>
              <p className="mt-3 text-gray-700">Thank you! Your receipt is in your inbox.</p>
              <ButtonLink to={paths.gift} variant="outline" className="mt-6">
                Give another gift
              </ButtonLink>
            </Card>
          ) : isPending ? null : (
            <GiftForm isSignedIn={!!user} />
          )}
        </UntilHydrated>
      </main>
      <SiteFooter />
    </div>
  );
}
