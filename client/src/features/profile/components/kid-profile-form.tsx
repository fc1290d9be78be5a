import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { CONSENT_REQUIRED_MESSAGE, PRIVACY_NOTICE_VERSION } from '@santa/shared/privacy';
import { INVALID_PHONE_MESSAGE, PROFILE_REQUIRED_MESSAGE, type KidProfile } from '@santa/shared/santa';
import { ConsentCheckbox } from '@/components/consent-checkbox';
import { Form } from '@/components/form/form';
import { PhoneField } from '@/components/form/phone-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { defaultPhoneCountry } from '@/lib/phone';
import { paths } from '@/lib/paths';
import { useConsentStatus } from '@/lib/queries/privacy-consent';
import { useSaveKidProfile } from '../api/save-kid-profile';
import { profileFormSchema, profileValues, TEXT_FIELDS } from '../profile-values';
import { AvoidTopicsField, ChildFields } from './child-fields';

const linkClass = 'font-semibold text-santa-700 underline underline-offset-4';

/** What the parent agrees to: who reads the profile, and the notice and terms that say so. */
function PrivacyNote({
  consent,
}: {
  consent: { checked: boolean; onChange: (checked: boolean) => void } | null;
}) {
  return (
    <div className="flex flex-col gap-2 rounded-2xl border border-santa-100 bg-santa-50 p-4">
      <p className="text-sm text-gray-700">
        What you write here is read only by Santa&apos;s voice for the call and by you. Calls are recorded and
        transcribed. Our{' '}
        <Link to={paths.privacy} target="_blank" className={linkClass}>
          privacy notice
        </Link>{' '}
        says who receives what and for how long; see also our{' '}
        <Link to={paths.terms} target="_blank" className={linkClass}>
          terms
        </Link>
        .
      </p>
      {consent ? <ConsentCheckbox name="privacy_consent" {...consent} /> : null}
    </div>
  );
}

/** The whole profile on one page: for editing it once the guided first run has created it. */
export function KidProfileForm({ profile }: { profile: KidProfile | null }) {
  const navigate = useNavigate();
  const save = useSaveKidProfile();
  const form = useZodForm(profileFormSchema, {
    defaultValues: profileValues(profile, defaultPhoneCountry(navigator.languages)),
  });
  const isNew = profile === null;
  const consent = useConsentStatus();
  // A new profile always asks; an existing one asks again only when the notice changed.
  const needsConsent = isNew || (consent.isSuccess && !consent.data.consented);
  const [agreed, setAgreed] = useState(false);

  function submit() {
    if (needsConsent && !agreed) {
      toast.error(CONSENT_REQUIRED_MESSAGE);
      return;
    }
    // The fields as typed: the server reads the form as the schema here just did.
    save.mutate(
      { ...form.getValues(), privacy_consent: needsConsent ? PRIVACY_NOTICE_VERSION : '' },
      {
        onSuccess: () => {
          toast.success(isNew ? 'Profile created! Your child can now call Santa!' : 'Profile updated!');
          void navigate(paths.dashboard);
        },
        onError: (error) => {
          const detail = errorMessage(error, '');
          // A phone the server cannot read belongs at the phone field, not in a toast.
          if (detail === INVALID_PHONE_MESSAGE)
            form.setError('parent_phone', { message: detail }, { shouldFocus: true });
          else toast.error(errorMessage(error, 'Failed to save profile'));
        },
      },
    );
  }

  function invalid() {
    if (!form.getValues().kid_name.trim()) toast.error(PROFILE_REQUIRED_MESSAGE);
  }

  return (
    // noValidate: each field's own message, not the browser's bubble, reports what is missing.
    <Form form={form} noValidate onSubmit={submit} onInvalid={invalid} className="flex flex-col gap-6">
      <ChildFields
        form={form}
        nameLabel="Kid name"
        textFields={TEXT_FIELDS}
        leading={
          <PhoneField
            form={form}
            name="parent_phone"
            countryName="parent_phone_country"
            label="Parent phone (optional)"
            placeholder="+1 555 123 4567"
            hint="The phone your child will call Santa from. Leave it empty to talk to Santa only in the browser."
          />
        }
      />

      <div className="flex flex-col gap-2">
        <AvoidTopicsField form={form} />
      </div>

      <PrivacyNote consent={needsConsent ? { checked: agreed, onChange: setAgreed } : null} />

      <Button
        type="submit"
        size="lg"
        disabled={save.isPending}
        aria-busy={save.isPending}
        className="w-full sm:w-auto sm:self-start"
      >
        {save.isPending ? 'Saving...' : isNew ? 'Create Profile & Get Phone Number' : 'Update Profile'}
      </Button>
    </Form>
  );
}
