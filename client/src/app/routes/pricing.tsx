import { ButtonLink } from '@/components/ui/button';
import { SiteHeader } from '@/components/site-header';
import { UntilHydrated } from '@/components/ui/until-hydrated';
import { useUser } from '@/features/auth/api/get-me';
import { PricingPage } from '@/features/pricing/components/pricing-page';
import { paths } from '@/lib/paths';

/** Open to anyone; signed-out visitors are asked to sign in when they pick a plan. */
export function PricingRoute() {
  const { data: user, isPending } = useUser();
  return (
    <div className="min-h-screen bg-snow">
      <SiteHeader>
        {isPending ? null : user ? (
          <ButtonLink to={paths.dashboard} size="sm">
            Dashboard
          </ButtonLink>
        ) : (
          <ButtonLink to={paths.auth} size="sm">
            Sign In
          </ButtonLink>
        )}
      </SiteHeader>
      <UntilHydrated>
        <PricingPage isSignedIn={isPending ? undefined : !!user} />
      </UntilHydrated>
    </div>
  );
}
