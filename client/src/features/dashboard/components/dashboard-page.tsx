import { Navigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SkeletonBlock } from '@/components/ui/skeleton-block';
import { ConsentStep } from '@/components/consent-step';
import { useConsentStatus } from '@/lib/queries/privacy-consent';
import { useCallHistory } from '@/lib/queries/call-history';
import { useFamilyPhones } from '@/lib/queries/family-phones';
import { useHotlineNumber } from '@/lib/queries/hotline-number';
import { useKidProfile } from '@/lib/queries/kid-profile';
import { useListening } from '@/lib/queries/listening';
import { paths } from '@/lib/paths';
import { useSampleCallStatus } from '@/lib/queries/sample-call-status';
import { useSubscriptionStatus } from '@/lib/queries/subscription-status';
import { useCheckoutReturn } from '../api/use-checkout-return';
import { selectNextStep } from '../dashboard-state';
import { CurrentPlanCard } from './current-plan-card';
import { ListeningLink } from './listening-link';
import { NextStepCard } from './next-step-card';
import { PlanNotices } from './plan-notices';
import { SantaMemoryCard } from './santa-memory-card';
import { RecentCalls } from './recent-calls';
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
 * The family's home: one next thing first (set up, verify, choose a plan, call, the call that
 * just ended, more minutes), then the plan, what Santa remembers and the last calls. Children,
 * phones, listeners and who may call are pages of their own in the navigation.
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
  const listening = useListening();
  // A grandparent with no family of their own is at home with the calls they may hear.
  const onlyListens = kidProfile.data?.has_profile === false && (listening.data?.families.length ?? 0) > 0;

  const step = selectNextStep({
    subscription: { ...status, data: status.data ? subscription : undefined },
    profile: { ...kidProfile, data: kidProfile.data ? profile : undefined },
    // A family that talks only in the browser has no phone to prove.
    phoneVerified:
      profile && profile.parent_phone === null
        ? true
        : profile && phones.data
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
    <main className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-5 sm:gap-6 sm:px-6 sm:py-8">
      <h1 className="font-display text-2xl font-bold text-santa-700 sm:text-3xl">Welcome, {userName}!</h1>

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
        status.isPending ? (
          <CardSkeleton />
        ) : (
          <CurrentPlanCard subscription={subscription} />
        )
      ) : null}
      {profile ? <SantaMemoryCard kidName={profile.kid_name} /> : null}
      <RecentCalls poll={showNumber} featuredId={step.kind === 'just-called' ? step.call.id : null} />
    </main>
  );
}
