import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { SkeletonBlock } from '@/components/skeleton-block';
import { ConsentStep } from '@/components/consent-step';
import { useConsentStatus } from '@/lib/queries/privacy-consent';
import { FamilyPhonesCard } from './family-phones-card';
import { LineAccessCard } from './line-access-card';
import { useKidProfile } from '@/lib/queries/kid-profile';
import { useHotlineNumber } from '../api/get-hotline-number';
import { useSubscriptionStatus } from '@/lib/queries/subscription-status';
import { useCheckoutReturn } from '../api/use-checkout-return';
import { CallHistorySection } from './call-history-section';
import { CallTimeCard } from './call-time-card';
import { CurrentPlanCard } from './current-plan-card';
import { KidProfileCard } from './kid-profile-card';
import { PlanNotices } from './plan-notices';
import { SantaNumberCard } from './santa-number-card';
import { SetupRequiredCard } from './setup-required-card';

function CardSkeleton() {
  return (
    <Card className="flex flex-col gap-3">
      <SkeletonBlock className="h-4 w-24" />
      <SkeletonBlock className="h-7 w-40" />
      <SkeletonBlock className="h-4 w-32" />
      <SkeletonBlock className="h-8 w-28 rounded-full" />
    </Card>
  );
}

function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Card className="flex flex-col gap-3" role="alert">
      <p className="text-gray-700">We could not load your {what}.</p>
      <Button size="sm" variant="outline" className="self-start" onClick={onRetry}>
        Try again
      </Button>
    </Card>
  );
}

/**
 * Spec §4: the subscription status first; with a plan, the Santa number (its failure only logged);
 * the kid profile alongside.
 */
export function DashboardPage({ userName }: { userName: string }) {
  useCheckoutReturn();
  const status = useSubscriptionStatus();
  const hasSubscription = status.data?.has_subscription === true;
  const hotline = useHotlineNumber({ enabled: hasSubscription });
  const kidProfile = useKidProfile();
  const subscription = hasSubscription ? (status.data?.subscription ?? null) : null;
  const profile = kidProfile.data?.has_profile ? (kidProfile.data.profile ?? null) : null;
  const consent = useConsentStatus();
  // The Santa number waits for the family's agreement to the current privacy notice.
  const needsConsent = consent.isSuccess && !consent.data.consented;

  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 sm:px-6 sm:py-10">
      <div>
        <h1 className="font-display text-3xl font-bold text-santa-700 sm:text-4xl">Welcome, {userName}!</h1>
        <p className="mt-2 text-gray-700">Everything for your child's call with Santa, in one place.</p>
      </div>

      <PlanNotices />

      {kidProfile.isSuccess && !profile ? <SetupRequiredCard /> : null}

      {profile && needsConsent ? <ConsentStep changed={consent.data?.consented_version !== null} /> : null}

      {profile && hasSubscription && hotline.data && !needsConsent ? (
        <SantaNumberCard hotline={hotline.data} parentPhone={profile.parent_phone} />
      ) : null}
      {profile && hasSubscription && hotline.isPending && !needsConsent ? (
        <SkeletonBlock className="h-40 w-full rounded-2xl" />
      ) : null}

      <div className="grid gap-6 md:grid-cols-3" aria-busy={status.isPending || kidProfile.isPending}>
        {status.isPending ? (
          <>
            <CardSkeleton />
            <CardSkeleton />
          </>
        ) : status.isError ? (
          <LoadFailed what="plan" onRetry={() => void status.refetch()} />
        ) : (
          <>
            <CurrentPlanCard subscription={subscription} />
            <CallTimeCard subscription={subscription} />
          </>
        )}
        {kidProfile.isPending ? (
          <CardSkeleton />
        ) : kidProfile.isError ? (
          <LoadFailed what="kid profile" onRetry={() => void kidProfile.refetch()} />
        ) : (
          <KidProfileCard profile={profile} />
        )}
      </div>

      {profile ? <FamilyPhonesCard profilePhone={profile.parent_phone} /> : null}
      {profile ? <LineAccessCard hasOwnLine={hotline.data?.type === 'dedicated'} /> : null}

      <CallHistorySection />
    </main>
  );
}
