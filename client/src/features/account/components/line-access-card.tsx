import { useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { lineSettingsSchema, type LineAccess, type LineSettings } from '@santa/shared/santa';
import { Form } from '@/components/form/form';
import { FormTextField } from '@/components/form/text-fields';
import { toastFirstError, useZodForm } from '@/components/form/use-zod-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { useHotlineNumber } from '@/lib/queries/hotline-number';
import { useKidProfile } from '@/lib/queries/kid-profile';
import { useSubscriptionStatus } from '@/lib/queries/subscription-status';
import { useLineSettings, useSaveLineSettings } from '../api/line-settings';

const OPTIONS: { value: LineAccess; label: string; help: string }[] = [
  { value: 'family_phones', label: 'Only our family phones', help: 'Anyone else hears a kind goodbye.' },
  { value: 'code', label: 'Any phone that types our family code', help: 'Handy for grandparents’ phones.' },
  { value: 'anyone', label: 'Anyone who dials the number', help: 'Santa greets every caller as your child.' },
];

/** On the account page, for a family with a child: the choices of its own line only when it has one. */
export function FamilyLineAccess() {
  const hasProfile = useKidProfile().data?.has_profile === true;
  const hasPlan = useSubscriptionStatus().data?.has_subscription === true;
  const hotline = useHotlineNumber({ enabled: hasProfile && hasPlan });
  if (!hasProfile) return null;
  return <LineAccessCard hasOwnLine={hotline.data?.type === 'dedicated'} />;
}

/**
 * Who may reach Santa on the family's own line, and the family code, which the hotline also asks
 * of a caller whose number the phone network could not vouch for.
 */
export function LineAccessCard({ hasOwnLine }: { hasOwnLine: boolean }) {
  const settings = useLineSettings();
  if (!settings.data) return null;
  return (
    <Card role="region" aria-labelledby="line-access-title">
      {/* Keyed by the saved settings: settings read again (saved, or saved in another tab) reset the form. */}
      <LineAccessForm key={JSON.stringify(settings.data)} saved={settings.data} hasOwnLine={hasOwnLine} />
    </Card>
  );
}

function LineAccessForm({ saved, hasOwnLine }: { saved: LineSettings; hasOwnLine: boolean }) {
  const save = useSaveLineSettings();
  const form = useZodForm(lineSettingsSchema, { defaultValues: saved });
  const chosen = useWatch({ control: form.control, name: 'access' });

  // Awaited rather than mutate's callbacks: the saved settings remount this form (see the key).
  async function submit(settings: LineSettings) {
    try {
      await save.mutateAsync(settings);
      toast.success('Saved. Santa’s line follows your choice from the next call.');
    } catch (error) {
      toast.error(errorMessage(error, 'We could not save your choice'));
    }
  }

  return (
    <Form form={form} onSubmit={submit} onInvalid={toastFirstError} className="flex flex-col gap-4">
      <div>
        <h2 id="line-access-title" className="font-display text-2xl font-bold text-ink">
          Who may call Santa
        </h2>
        <p className="mt-1 text-gray-700">
          Your family code is <strong className="font-mono text-lg">{saved.family_code}</strong>. Santa asks
          for it when he cannot be sure a call comes from your phone.
        </p>
      </div>
      {hasOwnLine ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-semibold text-ink">On your own Santa number</legend>
          {OPTIONS.map((option) => (
            <label key={option.value} className="flex min-h-11 items-start gap-3 rounded-xl px-2 py-1.5">
              <input
                type="radio"
                name="line-access"
                className="mt-1 size-5"
                checked={chosen === option.value}
                onChange={() => form.setValue('access', option.value)}
              />
              <span>
                <span className="font-semibold text-ink">{option.label}</span>
                <span className="block text-sm text-gray-600">{option.help}</span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <FormTextField
          form={form}
          name="family_code"
          label="Family code"
          inputMode="numeric"
          pattern="\d{4}"
          maxLength={4}
          required
        />
        <Button type="submit" variant="secondary" className="min-h-11" disabled={save.isPending}>
          Save
        </Button>
      </div>
    </Form>
  );
}
