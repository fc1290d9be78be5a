import { useMemo, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { toast } from '@/lib/toast';
import {
  recordingRetentionChoiceSchema,
  type RecordingRetention,
  type RecordingRetentionChoice,
} from '@santa/shared/retention-policy';
import { Form } from '@/components/form/form';
import { useZodForm } from '@/components/form/use-zod-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { requestErrorMessage } from '@/lib/api-client';
import { useRecordingRetention, useSaveRecordingRetention } from '../api/recording-retention';

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

/** The choice as the form holds it (days as typed), checked by the server's schema and this family's bounds. */
function retentionFormSchema(min: number, max: number) {
  return z
    .object({ mode: z.enum(['keep', 'days']), days: z.string() })
    .transform((fields) =>
      fields.mode === 'keep' ? { mode: fields.mode } : { mode: fields.mode, days: Number(fields.days) },
    )
    .pipe(recordingRetentionChoiceSchema)
    .refine((choice) => choice.mode === 'keep' || (choice.days >= min && choice.days <= max), {
      path: ['days'],
      message: `Choose between ${min} and ${max} days`,
    });
}

/** One of the two choices: a radio and what it means. */
function ModeOption({
  checked,
  onSelect,
  children,
}: {
  checked: boolean;
  onSelect: () => void;
  children: ReactNode;
}) {
  return (
    <label className="flex cursor-pointer items-start gap-3">
      <input
        type="radio"
        name="retention-mode"
        className="mt-1 h-5 w-5 accent-santa-600"
        checked={checked}
        onChange={onSelect}
      />
      <span>{children}</span>
    </label>
  );
}

function RetentionForm({ retention }: { retention: RecordingRetention }) {
  const save = useSaveRecordingRetention();
  const { min_days: min, max_days: max } = retention;
  const schema = useMemo(() => retentionFormSchema(min, max), [min, max]);
  const form = useZodForm(schema, {
    defaultValues: {
      mode: retention.choice.mode,
      days: String(retention.choice.mode === 'days' ? retention.choice.days : Math.max(30, min)),
    },
  });
  const mode = useWatch({ control: form.control, name: 'mode' });

  async function submit(choice: RecordingRetentionChoice) {
    try {
      const saved = await save.mutateAsync(choice);
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
    <Form
      form={form}
      onSubmit={submit}
      // Any problem with the number of days is the same one: it is outside what this family may choose.
      onInvalid={() => toast.error(`Choose between ${min} and ${max} days`)}
      className="mt-4 space-y-4"
      noValidate
    >
      <fieldset className="space-y-3">
        <legend className="sr-only">Keep recordings</legend>
        <ModeOption checked={mode === 'keep'} onSelect={() => form.setValue('mode', 'keep')}>
          <span className="font-semibold text-ink">Keep until I delete them</span>
          <span className="block text-ink/75">Your recordings stay until you delete them yourself.</span>
        </ModeOption>
        <ModeOption checked={mode === 'days'} onSelect={() => form.setValue('mode', 'days')}>
          <span className="font-semibold text-ink">Delete each recording after a number of days</span>
          <span className="mt-2 flex items-center gap-2">
            <input
              type="number"
              inputMode="numeric"
              aria-label="Days to keep each recording"
              min={retention.min_days}
              max={retention.max_days}
              disabled={mode !== 'days'}
              {...form.register('days')}
              className="min-h-tap w-24 rounded-xl border border-gray-300 bg-white px-3 py-2 text-base text-ink focus:border-santa-600 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-santa-600 disabled:bg-gray-100"
            />
            <span className="text-ink">days after each call</span>
          </span>
          <span className="mt-1 block text-sm text-gray-600">
            Between {retention.min_days} and {retention.max_days} days.
          </span>
        </ModeOption>
      </fieldset>
      <p className="rounded-xl border border-santa-100 bg-snow px-4 py-3 text-sm text-ink/80">
        Whatever you choose, recordings you have not unlocked are deleted{' '}
        {daysText(retention.unpurchased_recording_days)} after the call, and the transcripts and summaries of
        Free Sample and Pay Per Call calls after {daysText(retention.one_call_transcript_days)}.
      </p>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save'}
      </Button>
    </Form>
  );
}
