import { useEffect, useRef } from 'react';
import { toast } from '@/lib/toast';
import type { CountryCode } from 'libphonenumber-js';
import { SAMPLE_WITHHELD_FOR_PHONE } from '@santa/shared/santa';
import { Button, ButtonLink } from '@/components/ui/button';
import { SkeletonBlock } from '@/components/ui/skeleton-block';
import { errorMessage } from '@/lib/api-client';
import { formatPhoneNumber, telHref } from '@/lib/format';
import { paths } from '@/lib/paths';
import { phoneForDisplay } from '@/lib/phone';
import { useActivateSampleCall } from '@/lib/queries/activate-sample-call';
import { useHotlineNumber } from '@/lib/queries/hotline-number';
import { useSampleCallStatus } from '@/lib/queries/sample-call-status';
import { useSubscriptionStatus } from '@/lib/queries/subscription-status';

interface CallStepProps {
  kidName: string;
  /** Empty when the family chose to talk in the browser and gave no phone. */
  parentPhone: string;
  country: CountryCode;
  /** The parent came for the free sample: it is claimed here, once, without another click. */
  claimSample: boolean;
}

/** The end of the first run: Santa's number, to call now; the free sample claimed first when asked for. */
export function CallStep({ kidName, parentPhone, country, claimSample }: CallStepProps) {
  const status = useSubscriptionStatus();
  const hasPlan = status.data?.has_subscription === true;
  const sample = useSampleCallStatus({ enabled: status.isSuccess && !hasPlan });
  const activate = useActivateSampleCall();
  const hotline = useHotlineNumber({ enabled: hasPlan });
  const claimed = useRef(false);
  const sampleAvailable = sample.data?.sample_call_used === false;

  useEffect(() => {
    if (!claimSample || hasPlan || !sampleAvailable || claimed.current) return;
    claimed.current = true;
    activate.mutate(undefined, {
      onSuccess: () => toast.success('Free sample activated! Santa is ready for the call.'),
      onError: (error) => toast.error(errorMessage(error, 'Failed to activate sample')),
    });
  }, [claimSample, hasPlan, sampleAvailable, activate]);

  if (status.isError || hotline.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p className="text-gray-800">We could not load Santa's number just now.</p>
        <Button
          variant="outline"
          className="min-h-11"
          onClick={() => void (status.isError ? status.refetch() : hotline.refetch())}
        >
          Try again
        </Button>
      </div>
    );
  }

  if (hotline.data) {
    // Written as the dashboard's number card writes it, so the parent sees the same number twice.
    const number = formatPhoneNumber(hotline.data.phone_number);
    return (
      <div className="flex flex-col items-center gap-4 text-center">
        <p className="text-lg text-gray-800">Santa is waiting for {kidName}'s call.</p>
        {/* Talking here needs nothing more (decision 0035); the phone is the alternative. */}
        <ButtonLink to={paths.talk} variant="secondary" size="lg" className="w-full sm:w-auto">
          Talk to Santa here
        </ButtonLink>
        <p className="text-gray-700">Or call his number from your phone:</p>
        <p className="font-display text-4xl font-bold text-santa-700 sm:text-5xl">{number}</p>
        <a
          href={telHref(hotline.data.phone_number)}
          className="inline-flex min-h-14 w-full items-center justify-center gap-2 rounded-full border-2 border-pine-600 bg-white px-8 text-xl font-bold text-pine-700 hover:bg-pine-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink sm:w-auto"
        >
          Call Santa now
        </a>
        <p className="max-w-md text-gray-700">
          {parentPhone ? (
            <>
              Call from <strong>{phoneForDisplay(parentPhone, country)}</strong> so Santa knows it is{' '}
              {kidName}.
            </>
          ) : (
            // A family that chose the browser has no phone Santa would recognise yet.
            <>To call by phone, first add your phone under Family, so Santa knows it is {kidName}.</>
          )}
          {status.data?.subscription?.plan === 'free_sample' ? ' The free sample is one 1-minute call.' : ''}
        </p>
        <ButtonLink to={paths.dashboard} variant="ghost" className="min-h-11">
          Go to your dashboard
        </ButtonLink>
      </div>
    );
  }

  if (status.isPending || hotline.isFetching || activate.isPending || (claimSample && sample.isPending)) {
    return (
      <div role="status" aria-label="Getting Santa's number" className="flex flex-col items-center gap-4">
        <SkeletonBlock className="h-12 w-64" />
        <SkeletonBlock className="h-14 w-56 rounded-full" />
      </div>
    );
  }

  // No plan yet: the sample (when still free) or a plan gives Santa a number.
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <p className="text-lg text-gray-800">
        {kidName}'s profile is saved. One last thing: Santa's number comes with the free sample or a plan.
      </p>
      {sample.data?.used_by === 'phone' ? (
        <p role="status" className="max-w-md rounded-xl bg-amber-50 p-4 text-gray-800">
          {SAMPLE_WITHHELD_FOR_PHONE}
        </p>
      ) : null}
      {sampleAvailable ? (
        <Button
          size="lg"
          disabled={activate.isPending}
          onClick={() =>
            activate.mutate(undefined, {
              onSuccess: () => toast.success('Free sample activated! Santa is ready for the call.'),
              onError: (error) => toast.error(errorMessage(error, 'Failed to activate sample')),
            })
          }
        >
          Start Free Sample Call
        </Button>
      ) : null}
      <ButtonLink
        to={paths.pricing}
        variant={sampleAvailable ? 'ghost' : 'primary'}
        size="lg"
        className="min-h-11"
      >
        {sampleAvailable ? 'See the plans instead' : 'Choose a Plan'}
      </ButtonLink>
    </div>
  );
}
