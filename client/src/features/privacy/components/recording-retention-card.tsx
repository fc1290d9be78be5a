import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { recordingRetentionChoiceSchema, type RecordingRetention } from '@santa/shared/retention-policy';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { requestErrorMessage } from '@/lib/api-client';
import { useRecordingRetention, useSaveRecordingRetention } from '../api/recording-retention';

type Mode = 'keep' | 'days';

function daysText(days: number): string {
  return days === 1 ? '1 day' : `${days} days`;
}

/** The family's choice for its call recordings, within the schedule it cannot change. */
export function RecordingRetentionCard() {
  const retention = useRecordingRetention();
  return (
    <Card aria-labelledby="recording-retention-title" id="recording-retention">
      <h2 id="recording-retention-title" className="font-display text-2xl font-bold text-ink">
        How long we keep recordings
      </h2>
      <p className="mt-1 text-ink/75">Choose how long the recordings of your child&apos;s calls are kept.</p>
      {retention.isError ? (
        <p role="alert" className="mt-4 text-santa-700">
          {requestErrorMessage(retention.error)}
        </p>
      ) : null}
      {/* Keyed by the saved choice: a choice read again (another tab saved it) resets the form. */}
      {retention.data ? (
        <RetentionForm key={JSON.stringify(retention.data.choice)} retention={retention.data} />
      ) : null}
    </Card>
  );
}

function RetentionForm({ retention }: { retention: RecordingRetention }) {
  const save = useSaveRecordingRetention();
  const [mode, setMode] = useState<Mode>(retention.choice.mode);
  const [days, setDays] = useState(
    String(retention.choice.mode === 'days' ? retention.choice.days : Math.max(30, retention.min_days)),
  );

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = recordingRetentionChoiceSchema.safeParse(
      mode === 'keep' ? { mode } : { mode, days: Number(days) },
    );
    const { min_days: min, max_days: max } = retention;
    if (
      !parsed.success ||
      (parsed.data.mode === 'days' && (parsed.data.days < min || parsed.data.days > max))
    ) {
      toast.error(`Choose between ${min} and ${max} days`);
      return;
    }
    try {
      const saved = await save.mutateAsync(parsed.data);
      toast.success(
        saved.choice.mode === 'keep'
          ? 'Recordings are kept until you delete them'
          : `Recordings will be deleted ${daysText(saved.choice.days)} after each call`,
      );
    } catch (error) {
      toast.error(requestErrorMessage(error));
    }
  }

  return (
    <form className="mt-4 space-y-4" onSubmit={handleSubmit} noValidate>
      <fieldset className="space-y-3">
        <legend className="sr-only">Keep recordings</legend>
        <label className="flex cursor-pointer items-start gap-3">
          <input
            type="radio"
            name="retention-mode"
            className="mt-1 h-5 w-5 accent-santa-600"
            checked={mode === 'keep'}
            onChange={() => setMode('keep')}
          />
          <span>
            <span className="font-semibold text-ink">Keep until I delete them</span>
            <span className="block text-ink/75">Your recordings stay until you delete them yourself.</span>
          </span>
        </label>
        <label className="flex cursor-pointer items-start gap-3">
          <input
            type="radio"
            name="retention-mode"
            className="mt-1 h-5 w-5 accent-santa-600"
            checked={mode === 'days'}
            onChange={() => setMode('days')}
          />
          <span>
            <span className="font-semibold text-ink">Delete each recording after a number of days</span>
            <span className="mt-2 flex items-center gap-2">
              <input
                type="number"
                inputMode="numeric"
                aria-label="Days to keep each recording"
                min={retention.min_days}
                max={retention.max_days}
                value={days}
                disabled={mode !== 'days'}
                onChange={(event) => setDays(event.target.value)}
                className="w-24 rounded-xl border border-gray-300 bg-white px-3 py-2 text-base text-ink focus:border-santa-600 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-santa-600 disabled:bg-gray-100"
              />
              <span className="text-ink">days after each call</span>
            </span>
            <span className="mt-1 block text-sm text-gray-600">
              Between {retention.min_days} and {retention.max_days} days.
            </span>
          </span>
        </label>
      </fieldset>
      <p className="rounded-xl border border-santa-100 bg-snow px-4 py-3 text-sm text-ink/80">
        Whatever you choose, recordings you have not unlocked are deleted{' '}
        {daysText(retention.unpurchased_recording_days)} after the call, and the transcripts and summaries of
        Free Sample and Pay Per Call calls after {daysText(retention.one_call_transcript_days)}.
      </p>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save'}
      </Button>
    </form>
  );
}
