import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { CONSENT_REQUIRED_MESSAGE, PRIVACY_NOTICE_VERSION } from '@santa/shared/privacy';
import type { CountryCode } from 'libphonenumber-js';
import {
  AVOID_TOPICS_LABEL,
  AVOID_TOPICS_LIMITS,
  INVALID_PHONE_MESSAGE,
  PROFILE_REQUIRED_MESSAGE,
  type KidProfile,
} from '@santa/shared/santa';
import { Button } from '@/components/button';
import { ConsentCheckbox } from '@/components/consent-checkbox';
import { TextAreaField } from '@/components/text-area-field';
import { errorMessage } from '@/lib/api-client';
import { defaultPhoneCountry } from '@/lib/phone';
import { paths } from '@/lib/paths';
import { useConsentStatus } from '@/lib/queries/privacy-consent';
import { useSaveKidProfile } from '../api/save-kid-profile';
import {
  profileErrors,
  profileValues,
  TEXT_FIELDS,
  type ProfileErrors,
  type ProfileField,
  type ProfileValues,
} from '../profile-values';
import { serverFieldError, useFieldFocus } from '../use-field-focus';
import { ChildFields } from './child-fields';
import { PhoneField } from './phone-field';

// Room for every item at its longest and a line break after each.
export const AVOID_TOPICS_MAX_LENGTH = AVOID_TOPICS_LIMITS.items * (AVOID_TOPICS_LIMITS.itemLength + 1);

const ALL_FIELDS = Object.keys(profileValues(null, 'US')) as ProfileField[];

/** The whole profile on one page: for editing it once the guided first run has created it. */
export function KidProfileForm({ profile }: { profile: KidProfile | null }) {
  const navigate = useNavigate();
  const save = useSaveKidProfile();
  const [values, setValues] = useState<ProfileValues>(() =>
    profileValues(profile, defaultPhoneCountry(navigator.languages)),
  );
  const [errors, setErrors] = useState<ProfileErrors>({});
  const { refFor, focusFirst } = useFieldFocus();
  const isNew = profile === null;
  const consent = useConsentStatus();
  // A new profile always asks; an existing one asks again only when the notice changed.
  const needsConsent = isNew || (consent.isSuccess && !consent.data.consented);
  const [agreed, setAgreed] = useState(false);

  const set = (field: ProfileField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = profileErrors(values, ALL_FIELDS);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      if (!values.parent_phone.trim() || !values.kid_name.trim()) toast.error(PROFILE_REQUIRED_MESSAGE);
      focusFirst(found);
      return;
    }
    if (needsConsent && !agreed) {
      toast.error(CONSENT_REQUIRED_MESSAGE);
      return;
    }
    save.mutate(
      { ...values, privacy_consent: needsConsent ? PRIVACY_NOTICE_VERSION : '' },
      {
        onSuccess: () => {
          toast.success(isNew ? 'Profile created! Your child can now call Santa!' : 'Profile updated!');
          void navigate(paths.dashboard);
        },
        onError: (error) => {
          const atField = serverFieldError(errorMessage(error, ''), {
            [INVALID_PHONE_MESSAGE]: 'parent_phone',
          });
          if (Object.keys(atField).length > 0) {
            setErrors(atField);
            focusFirst(atField);
          } else {
            toast.error(errorMessage(error, 'Failed to save profile'));
          }
        },
      },
    );
  }

  return (
    // noValidate: each field's own message, not the browser's bubble, reports what is missing.
    <form noValidate onSubmit={submit} className="flex flex-col gap-6">
      <ChildFields
        nameLabel="Kid name"
        values={values}
        errors={errors}
        refFor={refFor}
        set={set}
        onPersonality={(personality) =>
          setValues((current) => ({ ...current, santa_personality: personality }))
        }
        textFields={TEXT_FIELDS}
        leading={
          <PhoneField
            ref={refFor('parent_phone')}
            label="Parent phone"
            name="parent_phone"
            required
            placeholder="+1 555 123 4567"
            hint="The phone your child will call Santa from."
            value={values.parent_phone}
            country={values.parent_phone_country as CountryCode}
            error={errors.parent_phone}
            onChange={(phone, country) => {
              setValues((current) => ({ ...current, parent_phone: phone, parent_phone_country: country }));
              setErrors((current) => ({ ...current, parent_phone: undefined }));
            }}
          />
        }
      />

      <div className="flex flex-col gap-2">
        <AvoidTopicsField
          inputRef={refFor('avoid_topics')}
          value={values.avoid_topics}
          error={errors.avoid_topics}
          onValueChange={set('avoid_topics')}
        />
      </div>

      <div className="flex flex-col gap-2 rounded-2xl border border-santa-100 bg-santa-50 p-4">
        <p className="text-sm text-gray-700">
          What you write here is read only by Santa&apos;s voice for the call and by you. Calls are recorded
          and transcribed. Our{' '}
          <Link
            to={paths.privacy}
            target="_blank"
            className="font-semibold text-santa-700 underline underline-offset-4"
          >
            privacy notice
          </Link>{' '}
          says who receives what and for how long; see also our{' '}
          <Link
            to={paths.terms}
            target="_blank"
            className="font-semibold text-santa-700 underline underline-offset-4"
          >
            terms
          </Link>
          .
        </p>
        {needsConsent ? (
          <ConsentCheckbox name="privacy_consent" checked={agreed} onChange={setAgreed} />
        ) : null}
      </div>

      <Button
        type="submit"
        size="lg"
        disabled={save.isPending}
        aria-busy={save.isPending}
        className="w-full sm:w-auto sm:self-start"
      >
        {save.isPending ? 'Saving...' : isNew ? 'Create Profile & Get Phone Number' : 'Update Profile'}
      </Button>
    </form>
  );
}

/** Things Santa should not mention, one per line, with the link to Santa's own rules. */
export function AvoidTopicsField({
  inputRef,
  value,
  error,
  onValueChange,
}: {
  inputRef?: (element: HTMLElement | null) => void;
  value: string;
  error?: string;
  onValueChange: (value: string) => void;
}) {
  return (
    <div className="flex flex-col gap-2">
      <TextAreaField
        ref={inputRef}
        label={AVOID_TOPICS_LABEL}
        name="avoid_topics"
        rows={4}
        placeholder={'e.g.\nthe dog\nElf on the Shelf'}
        hint={`One per line, up to ${AVOID_TOPICS_LIMITS.items}. Santa will steer away from these, even if your child brings them up.`}
        limit={AVOID_TOPICS_MAX_LENGTH}
        value={value}
        error={error}
        onValueChange={onValueChange}
      />
      <p className="text-sm text-gray-600">
        Santa always follows a few rules of his own, whatever you write here.{' '}
        <Link
          to={paths.santaSafety}
          className="inline-flex min-h-11 items-center font-semibold text-santa-700 underline underline-offset-4 hover:text-santa-800"
        >
          What Santa will and won&rsquo;t talk about
        </Link>
      </p>
    </div>
  );
}
