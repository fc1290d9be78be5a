import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { toast } from '@/lib/toast';
import type { CountryCode } from 'libphonenumber-js';
import { KID_AGE_MAX, KID_AGE_MIN, KID_PROFILE_LIMITS, type KidProfile } from '@santa/shared/santa';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { TextAreaField } from '@/components/text-area-field';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/api-client';
import { defaultPhoneCountry } from '@/lib/phone';
import { useSaveKidProfile } from '../../api/save-kid-profile';
import {
  profileErrors,
  profileValues,
  TEXT_FIELDS,
  type ProfileErrors,
  type ProfileField,
  type ProfileValues,
} from '../../profile-values';
import { useFieldFocus } from '../../use-field-focus';
import { PersonalityPicker } from '../personality-picker';
import { CallStep } from './call-step';
import { clearDraft, readDraft, writeDraft } from './first-run-draft';
import { PhoneStep, StepButtons } from './phone-step';
import { FIRST_RUN_STEPS, ProgressSteps } from './progress-steps';

/** The notes asked for in the first run; the rest wait on the full profile page. */
const NOTE_FIELDS = TEXT_FIELDS.filter((field) =>
  ['wish_list', 'accomplishments', 'custom_notes'].includes(field.name),
);
const STEP_FIELDS: ProfileField[][] = [['kid_name', 'age'], [], NOTE_FIELDS.map((field) => field.name)];
const CALL_STEP = FIRST_RUN_STEPS.length - 1;

/**
 * The guided first run: one step per screen, each saved as it is left, ending on Santa's number.
 * Before the profile exists (it needs the phone) the answers are kept in this browser.
 */
export function FirstRunPage({ userId, profile }: { userId: string; profile: KidProfile | null }) {
  const claimSample = new URLSearchParams(useLocation().search).get('intent') === 'sample';
  const save = useSaveKidProfile();
  const [draft] = useState(() => readDraft(userId));
  const [values, setValues] = useState<ProfileValues>(
    () =>
      (profile ? null : draft?.values) ?? profileValues(profile, defaultPhoneCountry(navigator.languages)),
  );
  // A parent who already has a profile came for the number: straight to it.
  const [step, setStep] = useState(() => (profile ? CALL_STEP : Math.min(draft?.step ?? 0, CALL_STEP - 1)));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [saving, setSaving] = useState(false);
  const { refFor, focusFirst } = useFieldFocus();
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const kidName = values.kid_name.trim() || 'your child';

  // Each new step is announced by moving focus to its heading.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const set = (field: ProfileField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const persist = (next: ProfileValues, consentVersion = '') =>
    save
      .mutateAsync({ ...next, privacy_consent: consentVersion })
      .then((result) => result.profile!.parent_phone);

  /** Leaves a step: checks its fields, saves (to the server once there is a profile), moves on. */
  async function leave(event: FormEvent, to: number) {
    event.preventDefault();
    const found = profileErrors(values, STEP_FIELDS[step] ?? []);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    writeDraft(userId, { values, step: to });
    if (profile || save.isSuccess) {
      setSaving(true);
      try {
        await persist(values);
      } catch (error) {
        toast.error(errorMessage(error, 'Failed to save profile'));
        return;
      } finally {
        setSaving(false);
      }
    }
    setStep(to);
  }

  const back = step > 0 ? () => setStep(step - 1) : undefined;

  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <ProgressSteps current={step} />
      <Card className="flex flex-col gap-6">
        <h1
          ref={heading}
          tabIndex={-1}
          className="font-display text-3xl font-bold text-santa-700 focus:outline-none sm:text-4xl"
        >
          {step === 0 ? 'Who is calling Santa?' : null}
          {step === 1 ? `How should Santa greet ${kidName}?` : null}
          {step === 2 ? `What should Santa know about ${kidName}?` : null}
          {step === 3 ? 'Which phone will they call from?' : null}
          {step === 4 ? 'Call Santa now' : null}
        </h1>

        {step === 0 ? (
          <form noValidate onSubmit={(event) => void leave(event, 1)} className="flex flex-col gap-5">
            <TextField
              ref={refFor('kid_name')}
              label="Kid name"
              name="kid_name"
              required
              autoFocus
              placeholder="e.g. Olivia"
              maxLength={KID_PROFILE_LIMITS.kid_name}
              hint="The name Santa will greet your child by."
              value={values.kid_name}
              error={errors.kid_name}
              onChange={(event) => set('kid_name')(event.target.value)}
            />
            <TextField
              ref={refFor('age')}
              label="Age (optional)"
              type="number"
              name="age"
              inputMode="numeric"
              min={KID_AGE_MIN}
              max={KID_AGE_MAX}
              placeholder="e.g. 7"
              value={values.age}
              error={errors.age}
              onChange={(event) => set('age')(event.target.value)}
              className="max-w-40"
            />
            <StepButtons busy={saving} />
          </form>
        ) : null}

        {step === 1 ? (
          <form noValidate onSubmit={(event) => void leave(event, 2)} className="flex flex-col gap-5">
            <PersonalityPicker
              value={values.santa_personality}
              kidName={values.kid_name}
              onChange={(personality) =>
                setValues((current) => ({ ...current, santa_personality: personality }))
              }
            />
            <StepButtons onBack={back} busy={saving} />
          </form>
        ) : null}

        {step === 2 ? (
          <form noValidate onSubmit={(event) => void leave(event, 3)} className="flex flex-col gap-5">
            <p className="text-gray-700">
              All optional. Santa weaves these into the call; you can add siblings, gifts and things not to
              mention later from the dashboard.
            </p>
            {NOTE_FIELDS.map((field) => (
              <TextAreaField
                key={field.name}
                ref={refFor(field.name)}
                label={field.label}
                name={field.name}
                placeholder={field.placeholder}
                hint={field.hint}
                limit={KID_PROFILE_LIMITS[field.name]}
                value={values[field.name]}
                error={errors[field.name]}
                onValueChange={set(field.name)}
              />
            ))}
            <div className="flex flex-col gap-3">
              <StepButtons onBack={back} busy={saving} />
              <Button
                variant="ghost"
                className="min-h-11 self-end"
                onClick={() => {
                  writeDraft(userId, { values, step: 3 });
                  setStep(3);
                }}
              >
                Skip this step
              </Button>
            </div>
          </form>
        ) : null}

        {step === 3 ? (
          <PhoneStep
            values={values}
            onChange={(phone, country) =>
              setValues((current) => ({ ...current, parent_phone: phone, parent_phone_country: country }))
            }
            saveProfile={(consentVersion) => persist(values, consentVersion)}
            needsConsent={!profile && !save.isSuccess}
            onBack={() => setStep(2)}
            onDone={() => {
              clearDraft(userId);
              setStep(CALL_STEP);
            }}
          />
        ) : null}

        {step === CALL_STEP ? (
          <CallStep
            kidName={kidName}
            parentPhone={save.data?.profile?.parent_phone ?? profile?.parent_phone ?? ''}
            country={values.parent_phone_country as CountryCode}
            claimSample={claimSample}
          />
        ) : null}
      </Card>
    </main>
  );
}
