import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useWatch } from 'react-hook-form';
import type { CountryCode } from 'libphonenumber-js';
import type { KidProfile } from '@santa/shared/santa';
import { useZodForm } from '@/components/form/use-zod-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { defaultPhoneCountry } from '@/lib/phone';
import { toast } from '@/lib/toast';
import { useSaveKidProfile } from '../../api/save-kid-profile';
import {
  profileFormSchema,
  profileValues,
  TEXT_FIELDS,
  type ProfileField,
  type ProfileForm,
} from '../../profile-values';
import { AgeField, KidNameField, NoteFields, PersonalityField } from '../child-fields';
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

/** One step's screen: its own <form>, whose submit leaves the step for the next. */
function StepForm({ onLeave, children }: { onLeave: () => void; children: ReactNode }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onLeave();
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      {children}
    </form>
  );
}

function StepHeading({ step, kidName }: { step: number; kidName: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  // Each new step is announced by moving focus to its heading.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);
  return (
    <h1
      ref={heading}
      tabIndex={-1}
      className="font-display text-3xl font-bold text-santa-700 focus:outline-none sm:text-4xl"
    >
      {step === 0 ? 'Who is calling Santa?' : null}
      {step === 1 ? `How should Santa greet ${kidName}?` : null}
      {step === 2 ? `What should Santa know about ${kidName}?` : null}
      {step === 3 ? `How will ${kidName} talk to Santa?` : null}
      {step === 4 ? 'Call Santa now' : null}
    </h1>
  );
}

/**
 * The first run's form: one for every step, so each step checks only its own fields. Before the
 * profile exists (it needs the phone) the answers are kept in this browser.
 */
function useFirstRunForm(userId: string, profile: KidProfile | null) {
  const [draft] = useState(() => readDraft(userId));
  const form = useZodForm(profileFormSchema, {
    defaultValues:
      (profile ? null : draft?.values) ?? profileValues(profile, defaultPhoneCountry(navigator.languages)),
  });
  // A parent who already has a profile came for the number: straight to it.
  const [step, setStep] = useState(() => (profile ? CALL_STEP : Math.min(draft?.step ?? 0, CALL_STEP - 1)));
  const save = useSaveKidProfile();
  /** Saves the answers as typed; resolves to the stored E.164 phone (null: none given). */
  const persist = (consentVersion = '') =>
    save
      .mutateAsync({ ...form.getValues(), privacy_consent: consentVersion })
      .then((result) => result.profile!.parent_phone);
  return { form, step, setStep, save, persist };
}

/**
 * The guided first run: one step per screen, each saved as it is left, ending on Santa's number.
 */
export function FirstRunPage({ userId, profile }: { userId: string; profile: KidProfile | null }) {
  const claimSample = new URLSearchParams(useLocation().search).get('intent') === 'sample';
  const { form, step, setStep, save, persist } = useFirstRunForm(userId, profile);
  const [saving, setSaving] = useState(false);
  const kidName = useWatch({ control: form.control, name: 'kid_name' }).trim() || 'your child';

  /** Leaves a step: checks its fields, saves (to the server once there is a profile), moves on. */
  async function leave(to: number) {
    const fields = STEP_FIELDS[step] ?? [];
    if (fields.length > 0 && !(await form.trigger(fields, { shouldFocus: true }))) return;
    writeDraft(userId, { values: form.getValues(), step: to });
    if (profile || save.isSuccess) {
      setSaving(true);
      try {
        await persist();
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
  const skipNotes = () => {
    writeDraft(userId, { values: form.getValues(), step: 3 });
    setStep(3);
  };

  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <ProgressSteps current={step} />
      <Card className="flex flex-col gap-6">
        <StepHeading step={step} kidName={kidName} />
        {step < 3 ? (
          <StepForm onLeave={() => void leave(step + 1)}>
            <StepFields form={form} step={step} />
            {step < 2 ? (
              <StepButtons onBack={back} busy={saving} />
            ) : (
              <div className="flex flex-col gap-3">
                <StepButtons onBack={back} busy={saving} />
                <Button variant="ghost" className="min-h-11 self-end" onClick={skipNotes}>
                  Skip this step
                </Button>
              </div>
            )}
          </StepForm>
        ) : null}

        {step === 3 ? (
          <PhoneStep
            form={form}
            saveProfile={persist}
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
            country={form.getValues('parent_phone_country') as CountryCode}
            claimSample={claimSample}
          />
        ) : null}
      </Card>
    </main>
  );
}

/** The fields of the first three steps: the child, Santa's style, and the optional notes. */
function StepFields({ form, step }: { form: ProfileForm; step: number }) {
  if (step === 0)
    return (
      <>
        <KidNameField
          form={form}
          label="Kid name"
          autoFocus
          placeholder="e.g. Olivia"
          hint="The name Santa will greet your child by."
        />
        <AgeField form={form} label="Age (optional)" className="max-w-40" />
      </>
    );
  if (step === 1) return <PersonalityField form={form} />;
  return (
    <>
      <p className="text-gray-700">
        All optional. Santa weaves these into the call; you can add siblings, gifts and things not to mention
        later from the dashboard.
      </p>
      <NoteFields form={form} fields={NOTE_FIELDS} />
    </>
  );
}
