import { toast } from '@/lib/toast';
import { Card } from '@/components/ui/card';
import { requestErrorMessage } from '@/lib/api-client';
import { useEmailPreferences, useSaveEmailPreferences } from '../api/account-settings';

/** The optional emails; sign-in, password and payment emails are always sent. */
export function EmailPreferencesCard() {
  const preferences = useEmailPreferences();
  const save = useSaveEmailPreferences();

  async function toggle(callRecaps: boolean) {
    try {
      await save.mutateAsync({ call_recaps: callRecaps });
      toast.success(callRecaps ? 'Call recaps are on' : 'Call recaps are off');
    } catch (error) {
      toast.error(requestErrorMessage(error));
    }
  }

  return (
    <Card aria-labelledby="email-preferences-title" id="email-preferences">
      <h2 id="email-preferences-title" className="font-display text-2xl font-bold text-ink">
        Emails
      </h2>
      <p className="mt-1 text-ink/75">
        We always email you about your password, your address and payments that need you.
      </p>
      {preferences.isError ? (
        <p role="alert" className="mt-4 text-santa-700">
          {requestErrorMessage(preferences.error)}
        </p>
      ) : null}
      <label className="mt-4 flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 h-5 w-5 accent-santa-600"
          checked={preferences.data?.call_recaps ?? true}
          disabled={!preferences.data || save.isPending}
          onChange={(event) => void toggle(event.target.checked)}
        />
        <span>
          <span className="font-semibold text-ink">Call recaps</span>
          <span className="block text-ink/75">An email when your child finishes a call with Santa.</span>
        </span>
      </label>
    </Card>
  );
}
