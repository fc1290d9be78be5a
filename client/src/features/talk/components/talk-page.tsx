import { Button, ButtonLink } from '@/components/ui/button';
import { SantaIllustration } from '@/components/illustrations/santa';
import { paths } from '@/lib/paths';
import { formatCallDuration } from '@/lib/format';
import { useSantaCall, type Caption, type CallPhase } from './use-santa-call';
import { useSavedCall } from './use-saved-call';

/** "Talk to Santa now" in the browser: a screen made for a child, held by a grown-up. */
export function TalkPage() {
  const call = useSantaCall();
  const { phase } = call;
  return (
    <main className="mx-auto flex max-w-2xl flex-col items-center px-4 py-8 text-center sm:py-12">
      <h1 className="font-display text-3xl font-bold text-santa-700 sm:text-4xl">Talk to Santa</h1>
      {/* A warm glow while Santa talks: the child sees who is speaking without Santa fading. */}
      <div
        className={`relative mt-6 rounded-full p-3 transition-shadow duration-300 ${
          call.mode === 'speaking' && phase.name === 'live'
            ? 'bg-gold-300/40 shadow-[0_0_0_12px_rgba(253,230,138,0.5)]'
            : ''
        }`}
      >
        <SantaIllustration className="h-44 w-44 sm:h-56 sm:w-56" />
      </div>
      {phase.name === 'live' ? (
        <LiveCall
          captions={call.captions}
          speaking={call.mode === 'speaking'}
          secondsLeft={call.secondsLeft}
          onHangUp={call.hangUp}
        />
      ) : (
        <BeforeOrAfter phase={phase} onStart={call.start} startedAt={call.startedAt} />
      )}
    </main>
  );
}

function LiveCall(props: {
  captions: Caption[];
  speaking: boolean;
  secondsLeft: number | null;
  onHangUp: () => void;
}) {
  const santa = [...props.captions].reverse().find((line) => line.who === 'santa');
  const child = [...props.captions].reverse().find((line) => line.who === 'child');
  return (
    <section aria-label="Call with Santa" className="mt-4 flex w-full flex-col items-center gap-5">
      <p className="rounded-full bg-pine-50 px-4 py-1.5 text-base font-semibold text-pine-800" role="status">
        {props.speaking ? 'Santa is talking…' : 'Santa is listening — say hello!'}
      </p>
      <div className="min-h-28 w-full rounded-2xl bg-white p-5 shadow-sm" aria-live="polite">
        <p className="text-sm font-semibold tracking-wide text-santa-700 uppercase">Santa says</p>
        <p
          className="mt-1 font-display text-2xl leading-snug text-ink sm:text-3xl"
          data-testid="santa-caption"
        >
          {santa?.text ?? '…'}
        </p>
        {child ? <p className="mt-3 text-lg text-ink/80">You said: “{child.text}”</p> : null}
      </div>
      {props.secondsLeft !== null ? (
        <p className="text-base text-ink/80">
          Time left: {formatCallDuration(Math.max(0, props.secondsLeft))}
        </p>
      ) : null}
      <Button size="lg" onClick={props.onHangUp} className="min-w-48">
        Hang up
      </Button>
    </section>
  );
}

function CallEnded({ startedAt }: { startedAt: number | null }) {
  const saved = useSavedCall(startedAt);
  return (
    <section className="mt-6 flex flex-col items-center gap-4">
      <p className="text-xl text-ink">Santa has gone back to the workshop. What a lovely chat!</p>
      <p className="text-ink/80" role="status">
        {saved ? 'The call is saved; its recap follows in a minute.' : 'Saving the call…'}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        {saved ? (
          <ButtonLink to={paths.calls} size="lg">
            See the call
          </ButtonLink>
        ) : null}
        <ButtonLink to={paths.dashboard} variant="outline" size="lg">
          Back to dashboard
        </ButtonLink>
      </div>
    </section>
  );
}

function BeforeOrAfter({
  phase,
  onStart,
  startedAt,
}: {
  phase: Exclude<CallPhase, { name: 'live' }>;
  onStart: () => void;
  startedAt: number | null;
}) {
  if (phase.name === 'ended') return <CallEnded startedAt={startedAt} />;
  return (
    <section className="mt-6 flex w-full flex-col items-center gap-4">
      {phase.name === 'microphone-blocked' ? (
        <p role="alert" className="rounded-xl bg-santa-50 p-4 text-left text-ink">
          Your browser blocked the microphone, so Santa could not hear your child. Allow the microphone for
          this site (the icon beside the address bar), then tap the button again.
        </p>
      ) : null}
      {phase.name === 'refused' ? (
        <div role="alert" className="rounded-xl bg-santa-50 p-4 text-ink">
          <p>{phase.message}</p>
          {phase.noTimeLeft ? (
            <ButtonLink to={paths.pricing} variant="outline" className="mt-3">
              See plans
            </ButtonLink>
          ) : null}
        </div>
      ) : null}
      <p className="max-w-md text-lg text-ink/80">
        Your browser will ask to use the microphone, so Santa can hear your child. Turn the sound up!
      </p>
      <Button
        variant="secondary"
        size="lg"
        className="min-h-20 min-w-64 text-2xl"
        onClick={onStart}
        disabled={phase.name === 'connecting'}
      >
        {phase.name === 'connecting' ? 'Calling Santa…' : 'Talk to Santa now'}
      </Button>
      <p className="text-sm text-ink/80">
        Rather use a phone?{' '}
        <ButtonLink to={paths.dashboard} variant="ghost" size="sm">
          Call Santa’s number instead
        </ButtonLink>
      </p>
    </section>
  );
}
