import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { SantaPersonality } from '@santa/shared/constants';
import { CONSENT_REQUIRED_MESSAGE, PRIVACY_NOTICE_VERSION } from '@santa/shared/privacy';
import {
  AVOID_TOPICS_LABEL,
  AVOID_TOPICS_LIMITS,
  KID_AGE_MAX,
  KID_AGE_MIN,
  KID_PROFILE_LIMITS,
  PROFILE_REQUIRED_MESSAGE,
  type KidProfile,
  type KidProfileTextField,
} from '@santa/shared/santa';
import { Button } from '@/components/button';
import { TextAreaField } from '@/components/text-area-field';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useConsentStatus } from '@/lib/queries/privacy-consent';
import { useSaveKidProfile } from '../api/save-kid-profile';
import { NamePronunciationField } from './name-pronunciation-field';
import { PersonalityPicker } from './personality-picker';

const TEXT_FIELDS: { name: KidProfileTextField; label: string; placeholder: string; hint?: string }[] = [
  {
    name: 'gifts_giving',
    label: 'Gifts you are giving',
    placeholder: 'e.g. A red bike and a dinosaur book',
    hint: 'Santa can hint at these without spoiling the surprise.',
  },
  { name: 'wish_list', label: 'Wish list', placeholder: 'e.g. A puppy, a telescope, snow on Christmas Day' },
  {
    name: 'accomplishments',
    label: 'Accomplishments',
    placeholder: 'e.g. Learned to ride a bike, read a whole chapter book',
    hint: 'Santa will praise these.',
  },
  {
    name: 'behavior_notes',
    label: 'Behavior notes',
    placeholder: 'e.g. Could be a little kinder to her brother at bedtime',
    hint: 'Gentle things Santa can encourage.',
  },
  { name: 'siblings', label: 'Siblings', placeholder: 'e.g. Big brother Leo (9), baby sister Mia' },
  {
    name: 'custom_notes',
    label: 'Custom notes',
    placeholder: "e.g. Our dog is called Biscuit and we're visiting Grandma for Christmas",
    hint: 'Anything else that would make the call magical.',
  },
];

// Room for every item at its longest and a line break after each.
const AVOID_TOPICS_MAX_LENGTH = AVOID_TOPICS_LIMITS.items * (AVOID_TOPICS_LIMITS.itemLength + 1);

type FormValues = Record<
  'parent_phone' | 'kid_name' | 'age' | 'avoid_topics' | 'name_pronunciation' | KidProfileTextField,
  string
> & {
  santa_personality: SantaPersonality;
};

function initialValues(profile: KidProfile | null): FormValues {
  return {
    parent_phone: profile?.parent_phone ?? '',
    kid_name: profile?.kid_name ?? '',
    age: profile?.age === null || profile?.age === undefined ? '' : String(profile.age),
    gifts_giving: profile?.gifts_giving ?? '',
    wish_list: profile?.wish_list ?? '',
    accomplishments: profile?.accomplishments ?? '',
    behavior_notes: profile?.behavior_notes ?? '',
    siblings: profile?.siblings ?? '',
    custom_notes: profile?.custom_notes ?? '',
    santa_personality: profile?.santa_personality ?? 'traditional',
    avoid_topics: (profile?.avoid_topics ?? []).join('\n'),
    name_pronunciation: profile?.name_pronunciation ?? '',
  };
}

export function KidProfileForm({ profile }: { profile: KidProfile | null }) {
  const navigate = useNavigate();
  const save = useSaveKidProfile();
  const [values, setValues] = useState<FormValues>(() => initialValues(profile));
  const isNew = profile === null;
  const consent = useConsentStatus();
  // A new profile always asks; an existing one asks again only when the notice changed.
  const needsConsent = isNew || (consent.isSuccess && !consent.data.consented);
  const [agreed, setAgreed] = useState(false);

  const set = (field: keyof FormValues) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!values.parent_phone.trim() || !values.kid_name.trim()) {
      toast.error(PROFILE_REQUIRED_MESSAGE);
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
        onError: (error) => toast.error(errorMessage(error, 'Failed to save profile')),
      },
    );
  }

  return (
    // noValidate: the spec's own message, not the browser's bubble, reports the missing fields.
    <form noValidate onSubmit={submit} className="flex flex-col gap-6">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Parent phone"
          type="tel"
          name="parent_phone"
          autoComplete="tel"
          required
          placeholder="+1 555 123 4567"
          maxLength={KID_PROFILE_LIMITS.parent_phone}
          hint="The phone your child will call Santa from, in international format."
          value={values.parent_phone}
          onChange={(event) => set('parent_phone')(event.target.value)}
          className="sm:col-span-2"
        />
        <TextField
          label="Kid name"
          name="kid_name"
          required
          placeholder="e.g. Emma"
          maxLength={KID_PROFILE_LIMITS.kid_name}
          value={values.kid_name}
          onChange={(event) => set('kid_name')(event.target.value)}
        />
        <TextField
          label="Age"
          type="number"
          name="age"
          inputMode="numeric"
          min={KID_AGE_MIN}
          max={KID_AGE_MAX}
          placeholder="e.g. 7"
          value={values.age}
          onChange={(event) => set('age')(event.target.value)}
        />
        <NamePronunciationField
          kidName={values.kid_name}
          value={values.name_pronunciation}
          onChange={set('name_pronunciation')}
          className="sm:col-span-2"
        />
      </div>

      <PersonalityPicker value={values.santa_personality} onChange={set('santa_personality')} />

      <div className="grid gap-5 sm:grid-cols-2">
        {TEXT_FIELDS.map((field) => (
          <TextAreaField
            key={field.name}
            label={field.label}
            name={field.name}
            placeholder={field.placeholder}
            hint={field.hint}
            maxLength={KID_PROFILE_LIMITS[field.name]}
            value={values[field.name]}
            onChange={(event) => set(field.name)(event.target.value)}
          />
        ))}
      </div>

      <div className="flex flex-col gap-2">
        <TextAreaField
          label={AVOID_TOPICS_LABEL}
          name="avoid_topics"
          rows={4}
          placeholder={'e.g.\nthe dog\nElf on the Shelf'}
          hint={`One per line, up to ${AVOID_TOPICS_LIMITS.items}. Santa will steer away from these, even if your child brings them up.`}
          maxLength={AVOID_TOPICS_MAX_LENGTH}
          value={values.avoid_topics}
          onChange={(event) => set('avoid_topics')(event.target.value)}
        />
        <p className="text-sm text-gray-600">
          Santa always follows a few rules of his own, whatever you write here.{' '}
          <Link
            to={paths.santaSafety}
            className="font-semibold text-santa-700 underline underline-offset-4 hover:text-santa-800"
          >
            What Santa will and won&rsquo;t talk about
          </Link>
        </p>
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
          <label className="flex items-start gap-3 text-ink">
            <input
              type="checkbox"
              name="privacy_consent"
              className="mt-1 h-5 w-5 accent-santa-600"
              checked={agreed}
              onChange={(event) => setAgreed(event.target.checked)}
            />
            <span>
              I am this child&apos;s parent or guardian, I have read the privacy notice, and I agree to my
              child&apos;s calls being recorded and processed as it describes.
            </span>
          </label>
        ) : null}
      </div>

      <Button
        type="submit"
        size="lg"
        disabled={save.isPending}
        aria-busy={save.isPending}
        className="w-full sm:self-start sm:w-auto"
      >
        {save.isPending ? 'Saving...' : isNew ? 'Create Profile & Get Phone Number' : 'Update Profile'}
      </Button>
    </form>
  );
}
