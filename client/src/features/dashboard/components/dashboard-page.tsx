import { Navigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SkeletonBlock } from '@/components/ui/skeleton-block';
import { ConsentStep } from '@/components/consent-step';
import { useConsentStatus } from '@/lib/queries/privacy-consent';
import { useCallHistory } from '@/lib/queries/call-history';
import { useChildren } from '@/lib/queries/children';
import { useFamilyPhones } from '@/lib/queries/family-phones';
import { useHotlineNumber } from '@/lib/queries/hotline-number';
import { useKidProfile } from '@/lib/queries/kid-profile';
import { useListening } from '@/lib/queries/listening';
import { paths } from '@/lib/paths';
import { useSampleCallStatus } from '@/lib/queries/sample-call-status';
import { useSubscriptionStatus } from '@/lib/queries/subscription-status';
import { useCheckoutReturn } from '../api/use-checkout-return';
import { selectNextStep } from '../dashboard-state';
import { CallHistorySection } from './call-history-section';
import { CallTimeCard } from './call-time-card';
import { CurrentPlanCard } from './current-plan-card';
import { FamilyPhonesCard } from './family-phones-card';
import { KidProfileCard } from './kid-profile-card';
import { LineAccessCard } from './line-access-card';
import { ListenersCard } from './listeners-card';
import { ListeningLink } from './listening-link';
import { NextStepCard } from './next-step-card';
import { PlanNotices } from './plan-notices';
import { SantaMemoryCard } from './santa-memory-card';
import { SantaNumberCard } from './santa-number-card';

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

function LoadFailed({ what, onRetry, busy }: { what: string; onRetry: () => void; busy: boolean }) {
  return (
    <Card className="flex flex-col gap-3" role="alert">
      <p className="text-gray-800">We could not load your {what}.</p>
      <Button size="sm" variant="outline" className="min-h-11 self-start" disabled={busy} onClick={onRetry}>
        {busy ? 'Trying…' : 'Try again'}
      </Button>
    </Card>
  );
}

/**
 * One next thing first (set up, verify, choose a plan, call, the call that just ended, more
 * minutes), then the plan, the profile, the phones and the calls.
 */
export function DashboardPage({ userName }: { userName: string }) {
  useCheckoutReturn();
  const status = useSubscriptionStatus();
  const hasSubscription = status.data?.has_subscription === true;
  const subscription = hasSubscription ? (status.data?.subscription ?? null) : null;
  const kidProfile = useKidProfile();
  const profile = kidProfile.data?.has_profile ? (kidProfile.data.profile ?? null) : null;
  const consent = useConsentStatus();
  // The Santa number waits for the family's agreement to the current privacy notice.
  const needsConsent = consent.isSuccess && !consent.data.consented;
  const showNumber = profile !== null && hasSubscription && !needsConsent;
  const hotline = useHotlineNumber({ enabled: showNumber });
  const phones = useFamilyPhones();
  const sample = useSampleCallStatus({ enabled: status.isSuccess && !hasSubscription });
  const history = useCallHistory({ poll: hasSubscription && profile !== null });
  const children = useChildren({ enabled: profile !== null });
  const otherChildren = children.data?.children.slice(1).map((child) => child.kid_name) ?? [];
  const listening = useListening();
  // A grandparent with no family of their own is at home with the calls they may hear.
  const onlyListens = kidProfile.data?.has_profile === false && (listening.data?.families.length ?? 0) > 0;

  const step = selectNextStep({
    subscription: { ...status, data: status.data ? subscription : undefined },
    profile: { ...kidProfile, data: kidProfile.data ? profile : undefined },
    phoneVerified:
      profile && phones.data
        ? phones.data.phones.some((row) => row.phone === profile.parent_phone)
        : undefined,
    sampleUsed: sample.data?.sample_call_used,
    sampleUsedBy: sample.data?.used_by,
    calls: history.data,
    // "Just now" is measured from when the list was fetched, which the polling keeps fresh.
    now: history.dataUpdatedAt,
  });

  if (onlyListens) return <Navigate to={paths.listening} replace />;
  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 sm:px-6 sm:py-10">
      <div>
        <h1 className="font-display text-3xl font-bold text-santa-700 sm:text-4xl">Welcome, {userName}!</h1>
        <p className="mt-2 text-gray-700">Everything for your child's call with Santa, in one place.</p>
      </div>

      <PlanNotices />
      <ListeningLink />

      {step.kind === 'loading' ? <SkeletonBlock className="h-40 w-full rounded-2xl" /> : null}
      {step.kind === 'error' ? (
        step.failed === 'plan' ? (
          <LoadFailed what="plan" busy={status.isFetching} onRetry={() => void status.refetch()} />
        ) : (
          <LoadFailed
            what="kid profile"
            busy={kidProfile.isFetching}
            onRetry={() => void kidProfile.refetch()}
          />
        )
      ) : null}
      <NextStepCard step={step} kidName={profile?.kid_name ?? null} />

      {profile && needsConsent ? <ConsentStep changed={consent.data?.consented_version !== null} /> : null}

      {showNumber && hotline.data ? (
        <SantaNumberCard hotline={hotline.data} parentPhone={profile.parent_phone} />
      ) : null}
      {showNumber && hotline.isPending ? <SkeletonBlock className="h-40 w-full rounded-2xl" /> : null}
      {showNumber && hotline.isError ? (
        <LoadFailed
          what="Santa's phone number"
          busy={hotline.isFetching}
          onRetry={() => void hotline.refetch()}
        />
      ) : null}

      {step.kind !== 'error' ? (
        <div className="grid gap-6 md:grid-cols-3" aria-busy={status.isPending || kidProfile.isPending}>
          {status.isPending ? (
            <>
              <CardSkeleton />
              <CardSkeleton />
            </>
          ) : (
            <>
              <CurrentPlanCard subscription={subscription} />
              <CallTimeCard subscription={subscription} />
            </>
          )}
          {kidProfile.isPending ? (
            <CardSkeleton />
          ) : profile ? (
            <KidProfileCard profile={profile} otherChildren={otherChildren} />
          ) : null}
        </div>
      ) : null}

      {profile ? <FamilyPhonesCard profilePhone={profile.parent_phone} /> : null}
      {profile ? <LineAccessCard hasOwnLine={hotline.data?.type === 'dedicated'} /> : null}
      {profile ? <SantaMemoryCard kidName={profile.kid_name} /> : null}
      {profile ? <ListenersCard /> : null}

      <CallHistorySection variant="recent" poll={showNumber} />
    </main>
  );
}
