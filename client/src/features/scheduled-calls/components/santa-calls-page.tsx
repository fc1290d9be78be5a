import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ScheduledCall, ScheduledCallStatus, SlotsResponse } from '@santa/shared/scheduled-calls';
import { Button } from '@/components/ui/button';
import { SkeletonBlock } from '@/components/ui/skeleton-block';
import { api, requestErrorMessage } from '@/lib/api-client';
import { formatPhoneNumber } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useChildren } from '@/lib/queries/children';
import { toast } from '@/lib/toast';
import { useCancelCall, useMoveCall, useScheduledCalls } from '../api/scheduled-calls';
import { formatLocalDay, formatLocalTime, localDay, zonePlace } from './local-day';
import { ScheduleCallForm } from './schedule-call-form';

const STATUS_LABELS: Record<ScheduledCallStatus, string> = {
  scheduled: 'Scheduled',
  dialing: 'Santa is calling now',
  retry_pending: 'Nobody answered — Santa will try once more',
  connected: 'On the phone with Santa',
  completed: 'Done',
  missed: 'Missed',
  failed: 'Could not go through',
  canceled: 'Canceled',
};
const NEEDS_NEW_TIME: ScheduledCallStatus[] = ['missed', 'failed'];

/** The first free slot from now: today's later times, else the next days'. */
async function nextFreeSlot(timeZone: string): Promise<{ date: string; time: string } | undefined> {
  for (let days = 0; days < 7; days += 1) {
    const date = localDay(days);
    const day = await api.get<SlotsResponse>(
      `/scheduled-calls/slots?date=${date}&time_zone=${encodeURIComponent(timeZone)}`,
    );
    const free = day.slots.find((slot) => slot.free);
    if (free) return { date, time: free.time };
  }
  return undefined;
}

function ScheduledCallItem({ call, onMove }: { call: ScheduledCall; onMove: () => void }) {
  const children = useChildren();
  const names = (children.data?.children ?? [])
    .filter((child) => call.child_ids.includes(child.id))
    .map((child) => child.kid_name);
  const cancel = useCancelCall();
  const move = useMoveCall();
  const needsNewTime = NEEDS_NEW_TIME.includes(call.status);
  const movable = call.status === 'scheduled' || call.status === 'retry_pending';

  async function pickNewTime() {
    try {
      const slot = await nextFreeSlot(call.time_zone);
      if (!slot) return toast.error('Santa has no free time this week. Choose a day further ahead.');
      await move.mutateAsync({ id: call.id, ...slot, time_zone: call.time_zone });
      toast.success(
        `Santa will call again on ${formatLocalDay(slot.date)} at ${formatLocalTime(slot.time)}.`,
      );
    } catch (failure) {
      toast.error(requestErrorMessage(failure));
    }
  }

  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-santa-100 bg-white p-5 shadow-sm sm:flex-row sm:items-center">
      <div className="flex-1">
        <h3 className="font-display text-xl font-bold text-santa-700">
          {formatLocalDay(call.date)} at {formatLocalTime(call.time)}{' '}
          <span className="text-base font-semibold text-gray-600">({zonePlace(call.time_zone)} time)</span>
        </h3>
        <p className="text-gray-700">
          {names.length > 0 ? names.join(', ') : 'Your child'} · {formatPhoneNumber(call.phone)}
        </p>
        <p className={`mt-1 text-sm font-semibold ${needsNewTime ? 'text-santa-700' : 'text-gray-600'}`}>
          {STATUS_LABELS[call.status]}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {needsNewTime ? (
          <Button size="sm" className="min-h-11" disabled={move.isPending} onClick={() => void pickNewTime()}>
            Pick a new time
          </Button>
        ) : null}
        {movable || needsNewTime ? (
          <Button variant="outline" size="sm" className="min-h-11" onClick={onMove}>
            {needsNewTime ? 'Choose the time' : 'Move'}
          </Button>
        ) : null}
        {movable ? (
          <Button
            variant="ghost"
            size="sm"
            className="min-h-11"
            disabled={cancel.isPending}
            onClick={() =>
              void cancel.mutateAsync(call.id).then(
                () => toast.success('The call is canceled.'),
                (failure: unknown) => toast.error(requestErrorMessage(failure)),
              )
            }
          >
            Cancel
            <span className="sr-only">
              {' '}
              the call on {formatLocalDay(call.date)} at {formatLocalTime(call.time)}
            </span>
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/**
 * "Santa calls your child" (decision 0025): schedule Santa's call for a day and time, see the
 * calls to come, move or cancel them, and give a missed one a new time in one tap.
 */
export function SantaCallsPage() {
  const calls = useScheduledCalls();
  const [params, setParams] = useSearchParams();
  const [movingId, setMovingId] = useState<string | null>(params.get('again'));
  const list = calls.data?.calls ?? [];
  const moving = list.find((call) => call.id === movingId);
  const stopMoving = () => {
    setMovingId(null);
    if (params.has('again')) setParams({}, { replace: true });
  };

  return (
    <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <Link
        to={paths.dashboard}
        className="inline-flex min-h-11 items-center gap-1 rounded font-semibold text-santa-700 hover:text-santa-800"
      >
        <span aria-hidden="true">←</span> Back to Dashboard
      </Link>
      <h1 className="mt-4 font-display text-3xl font-bold text-santa-700 sm:text-4xl">
        Santa calls your child
      </h1>
      <p className="mt-2 text-gray-700">
        Pick a day and time and Santa rings your phone. Santa calls between 08:00 and 20:30 (until 21:00 on
        Christmas Eve). If nobody answers he leaves a short message and tries once more.
      </p>

      <section className="mt-6" aria-labelledby="upcoming-title">
        <h2 id="upcoming-title" className="font-display text-2xl font-bold text-ink">
          Santa’s calls
        </h2>
        {calls.isPending ? (
          <div role="status" aria-label="Loading Santa’s calls" className="mt-3">
            <SkeletonBlock className="h-24 w-full" />
          </div>
        ) : list.length === 0 ? (
          <p className="mt-2 text-gray-700">No calls scheduled yet.</p>
        ) : (
          <ul className="mt-3 flex flex-col gap-4" aria-label="Scheduled calls">
            {list.map((call) => (
              <ScheduledCallItem key={call.id} call={call} onMove={() => setMovingId(call.id)} />
            ))}
          </ul>
        )}
      </section>

      <div className="mt-8">
        {moving ? (
          <ScheduleCallForm key={moving.id} moving={moving} onDone={stopMoving} />
        ) : (
          <ScheduleCallForm key="new" />
        )}
      </div>
      <p className="mt-4 text-sm text-gray-600">Each time is on the clock of the phone Santa rings.</p>
    </main>
  );
}
