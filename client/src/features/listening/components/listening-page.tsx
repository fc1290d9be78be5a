import { Link } from 'react-router';
import type { ListenedCall } from '@santa/shared/listeners';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { RecapList } from '@/components/recap-list';
import { CallHeadline } from '@/components/call-headline';
import { SkeletonBlock } from '@/components/ui/skeleton-block';
import { formatCallDuration, formatLongDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useListening } from '@/lib/queries/listening';
import { useKidProfile } from '@/lib/queries/kid-profile';

function ListenedCallItem({ call }: { call: ListenedCall }) {
  return (
    <li className="rounded-2xl border border-santa-100 bg-white p-5 shadow-sm">
      <h3 className="font-semibold text-ink">
        <time dateTime={call.created_at}>{formatLongDateTime(call.created_at)}</time>
      </h3>
      <p className="text-sm text-gray-600">
        {call.child_name ? <>{call.child_name} · </> : null}
        Duration: {formatCallDuration(call.duration)}
      </p>
      <CallHeadline recap={call.recap} summary={call.summary} />
      <RecapList recap={call.recap} name={call.child_name} />
      {call.recording_url ? (
        <audio controls preload="none" src={call.recording_url} className="mt-4 w-full">
          <a href={call.recording_url}>Listen to the recording</a>
        </audio>
      ) : null}
    </li>
  );
}

/**
 * The calls of every family that invited this person to listen (decision 0026): what each child
 * told Santa and the recordings the family keeps, and nothing else of the family.
 */
export function ListeningPage() {
  const listening = useListening();
  const profile = useKidProfile();
  // A grandparent's home: the way back to a dashboard only for someone who has a family there.
  const hasFamily = profile.data?.has_profile === true;
  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      {hasFamily ? (
        <ButtonLink to={paths.dashboard} variant="ghost" size="sm" className="-ml-3 min-h-11">
          <span aria-hidden="true">←</span> Back to Dashboard
        </ButtonLink>
      ) : null}
      <h1 className="mt-4 font-display text-3xl font-bold text-santa-700 sm:text-4xl">
        Calls you can listen to
      </h1>
      {listening.isPending ? (
        <div className="mt-6 flex flex-col gap-4" role="status" aria-label="Loading calls">
          <SkeletonBlock className="h-28 w-full" />
        </div>
      ) : listening.isError ? (
        <Card role="alert" className="mt-6 flex flex-col gap-3">
          <p className="text-gray-800">We could not load these calls just now.</p>
          <Button
            variant="outline"
            size="sm"
            className="min-h-11 self-start"
            onClick={() => void listening.refetch()}
          >
            Try again
          </Button>
        </Card>
      ) : listening.data.families.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-santa-100 bg-white p-8 text-center text-gray-600">
          No family has invited you to listen yet.
        </p>
      ) : (
        listening.data.families.map((family) => (
          <section key={family.id} aria-label={`${family.family_name}’s calls`} className="mt-8">
            <h2 className="font-display text-2xl font-bold text-ink">
              {family.family_name}’s calls with Santa
            </h2>
            {family.calls.length === 0 ? (
              <p className="mt-3 text-gray-600">No calls yet.</p>
            ) : (
              <ul className="mt-4 flex flex-col gap-4">
                {family.calls.map((call) => (
                  <ListenedCallItem key={call.id} call={call} />
                ))}
              </ul>
            )}
          </section>
        ))
      )}
      {profile.data?.has_profile === false ? (
        <p className="mt-10 text-gray-700">
          Would your own children like a call from Santa?{' '}
          <Link to={paths.welcome} className="font-semibold text-santa-700 underline underline-offset-4">
            Set up Santa for your family
          </Link>
        </p>
      ) : null}
    </main>
  );
}
