import { FREE_START_SECONDS, RECORDING_PRICE_CENTS } from '@santa/shared/constants';
import type { CallItem } from '@santa/shared/calls';
import { formatPrice } from '@santa/shared/plans';
import { Button, buttonClasses } from '@/components/ui/button';
import { formatCallDuration, formatLongDateTime, formatPhoneNumber } from '@/lib/format';
import { TranscriptDetails } from '@/components/transcript-details';
import { CallRecapSection } from '@/components/call-recap';
import { CallHeadline } from '@/components/call-headline';
import { CallKeepsakeActions } from './call-keepsake-actions';
import { CallSafetyBanner } from './call-safety-banner';

interface CallHistoryItemProps {
  call: CallItem;
  isPurchasing: boolean;
  isPurchaseDisabled: boolean;
  onPurchase: () => void;
}

export function CallHistoryItem({
  call,
  isPurchasing,
  isPurchaseDisabled,
  onPurchase,
}: CallHistoryItemProps) {
  const price = formatPrice(RECORDING_PRICE_CENTS);
  return (
    <li className="rounded-2xl border border-santa-100 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold text-ink">
            <time dateTime={call.created_at}>{formatLongDateTime(call.created_at)}</time>
          </h3>
          <p className="text-sm text-gray-600">
            {call.child_name ? <>{call.child_name} · </> : null}
            Duration: {formatCallDuration(call.duration)}
            {call.channel === 'browser' ? (
              <> · In the browser</>
            ) : (
              <> · From {call.phone_number ? formatPhoneNumber(call.phone_number) : 'an unknown number'}</>
            )}
          </p>
        </div>
        <span className="rounded-full bg-pine-50 px-3 py-1 text-xs font-bold text-pine-700">Completed</span>
      </div>
      {call.not_charged === 'short_call' ? (
        <p className="mt-3 rounded-xl bg-pine-50 px-3 py-2 text-sm text-pine-800">
          Not charged: the call ended in its first {FREE_START_SECONDS} seconds, so it did not use any of your
          minutes.
        </p>
      ) : null}
      {call.safety ? <CallSafetyBanner safety={call.safety} transcript={call.transcript} /> : null}
      <CallHeadline recap={call.recap} summary={call.summary} />
      <CallRecapSection recap={call.recap} childName={call.child_name} />
      {call.transcript ? <TranscriptDetails label="View transcript" transcript={call.transcript} /> : null}
      {call.audio_url ? (
        call.recording_purchased ? (
          <div className="mt-4 flex flex-col gap-2">
            {/* The length shows before playing, and the player seeks (the server answers ranges). */}
            <audio controls preload="metadata" src={call.audio_url} className="w-full">
              <a href={call.audio_url}>Listen to the recording</a>
            </audio>
            <a href={call.audio_url} download className={buttonClasses('outline', 'sm', 'self-start')}>
              Download recording
            </a>
          </div>
        ) : (
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-santa-50 p-3">
            <p className="flex items-center gap-2 text-sm text-santa-800">
              <svg
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                className="h-4 w-4 shrink-0"
                aria-hidden="true"
                focusable="false"
              >
                <rect x="5" y="11" width="14" height="10" rx="2" />
                <path d="M8 11V7a4 4 0 0 1 8 0v4" />
              </svg>
              Unlock audio recording for {price}
            </p>
            <Button
              size="sm"
              className="min-h-11"
              onClick={onPurchase}
              disabled={isPurchaseDisabled}
              aria-busy={isPurchasing}
            >
              {isPurchasing ? 'Redirecting...' : `Purchase ${price}`}
            </Button>
          </div>
        )
      ) : null}
      <CallKeepsakeActions call={call} />
    </li>
  );
}
