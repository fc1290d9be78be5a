import { useState, type FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import type { CountryCode } from 'libphonenumber-js';
import { Link } from 'react-router';
import { CONSENT_REQUIRED_MESSAGE, PRIVACY_NOTICE_VERSION } from '@santa/shared/privacy';
import { PHONE_CODE_LENGTH, verifyPhoneRequestSchema, type PhoneCodeChannel } from '@santa/shared/santa';
import { CallMeWithCode } from '@/components/call-me-with-code';
import { ConsentCheckbox } from '@/components/consent-checkbox';
import { Form, FormError } from '@/components/form/form';
import { PhoneField } from '@/components/form/phone-field';
import { FormTextField } from '@/components/form/text-fields';
import { useZodForm } from '@/components/form/use-zod-form';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { errorMessage } from '@/lib/api-client';
import { phoneForDisplay } from '@/lib/phone';
import { useFamilyPhones, useSendPhoneCode, useVerifyPhone } from '@/lib/queries/family-phones';
import { toast } from '@/lib/toast';
import { REQUIRED_MESSAGES, type ProfileForm } from '../../profile-values';

interface PhoneStepProps {
  /** The first run's form: this step asks for its phone. */
  form: ProfileForm;
  /**
   * Saves the whole profile with the notice version agreed to (if asked); resolves to the stored
   * E.164 phone (null when none was given), or rejects with the server's error.
   */
  saveProfile: (consentVersion: string) => Promise<string | null>;
  /** A new profile needs the parent's agreement to the privacy notice (docs/decisions/0014). */
  needsConsent: boolean;
  onDone: () => void;
  onBack: () => void;
}

/**
 * How the child will talk to Santa: here in the browser first (no phone, any country: the
 * signed-in parent is the proof, decision 0040), or by phone, saved with the profile and then
 * proven by a texted code, because Santa recognises a caller only from a verified phone.
 */
export function PhoneStep({ form, saveProfile, needsConsent, onDone, onBack }: PhoneStepProps) {
  const phones = useFamilyPhones();
  const send = useSendPhoneCode();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [channel, setChannel] = useState<PhoneCodeChannel>('sms');
  const [saving, setSaving] = useState(false);
  const consent = useConsentBox(needsConsent);
  const [country, kidName] = useWatch({ control: form.control, name: ['parent_phone_country', 'kid_name'] });

  async function talkHere() {
    if (!consent.given()) return;
    form.setValue('parent_phone', '');
    form.clearErrors('parent_phone');
    setSaving(true);
    try {
      await saveProfile(consent.version);
      onDone();
    } catch (error) {
      toast.error(errorMessage(error, 'We could not save your answers. Please try again.'));
    } finally {
      setSaving(false);
    }
  }

  async function savePhone(event: FormEvent) {
    event.preventDefault();
    if (!form.getValues('parent_phone').trim()) {
      form.setError('parent_phone', { message: REQUIRED_MESSAGES.parent_phone }, { shouldFocus: true });
      return;
    }
    if (!(await form.trigger('parent_phone', { shouldFocus: true })) || !consent.given()) return;
    setSaving(true);
    try {
      const e164 = await saveProfile(consent.version);
      if (!e164) return;
      const alreadyVerified = (await phones.refetch()).data?.phones.some((row) => row.phone === e164);
      if (alreadyVerified) {
        onDone();
        return;
      }
      const sent = await send.mutateAsync({ phone: e164 });
      setChannel(sent.channel);
      setSentTo(e164);
    } catch (error) {
      const detail = errorMessage(error, 'We could not save your phone. Please try again.');
      form.setError('parent_phone', { message: detail }, { shouldFocus: true });
    } finally {
      setSaving(false);
    }
  }

  if (sentTo) {
    return (
      <CodeForm
        sentTo={phoneForDisplay(sentTo, country as CountryCode)}
        phone={sentTo}
        channel={channel}
        onCalling={() => setChannel('call')}
        kidName={kidName.trim() || 'your child'}
        onDone={onDone}
        onOtherPhone={() => setSentTo(null)}
      />
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <HereOrByPhone child={kidName.trim() || 'your child'} />
      {consent.box}
      <Button size="lg" variant="secondary" disabled={saving} onClick={() => void talkHere()}>
        Talk to Santa here
      </Button>
      <h2 className="border-t border-santa-100 pt-5 font-display text-xl font-bold text-ink">
        Or call Santa from a phone
      </h2>
      <PhoneForm form={form} country={country} busy={saving} onSubmit={savePhone} onBack={onBack} />
    </div>
  );
}

function HereOrByPhone({ child }: { child: string }) {
  return (
    <p className="text-gray-800">
      {child} can talk to Santa right here, through this device's microphone: no phone needed, from any
      country. Or give the phone {child} will call Santa from.
    </p>
  );
}

/** The privacy agreement, asked once before the profile is first saved, whichever way is chosen. */
function useConsentBox(needsConsent: boolean) {
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const given = () => {
    if (needsConsent && !agreed) setError(CONSENT_REQUIRED_MESSAGE);
    return !needsConsent || agreed;
  };
  const box = needsConsent ? (
    <Consent
      agreed={agreed}
      error={error}
      onChange={(checked) => {
        setAgreed(checked);
        setError(undefined);
      }}
    />
  ) : null;
  return { given, box, version: needsConsent ? PRIVACY_NOTICE_VERSION : '' };
}

/** The phone Santa will recognise, saved with the profile and then proven by a code. */
function PhoneForm({
  form,
  country,
  busy,
  onSubmit,
  onBack,
}: {
  form: ProfileForm;
  country: string;
  busy: boolean;
  onSubmit: (event: FormEvent) => Promise<void>;
  onBack: () => void;
}) {
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
      <PhoneField
        form={form}
        name="parent_phone"
        countryName="parent_phone_country"
        label="Parent phone"
        placeholder={country === 'US' ? '(415) 555-0142' : undefined}
        hint="The phone your child will call Santa from. We text it a code (or call a landline) to check it is yours."
      />
      <StepButtons onBack={onBack} busy={busy} label={busy ? 'Saving...' : 'Save and text me a code'} />
    </form>
  );
}

/** The parent's agreement to the privacy notice, asked before the profile is first saved. */
function Consent({
  agreed,
  error,
  onChange,
}: {
  agreed: boolean;
  error: string | undefined;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex flex-col gap-2 rounded-2xl border border-santa-100 bg-santa-50 p-4">
      <p className="text-sm text-gray-700">
        Calls are recorded and transcribed. Our{' '}
        <Link to={paths.privacy} target="_blank" className="font-semibold text-santa-700 underline">
          privacy notice
        </Link>{' '}
        says who receives what and for how long.
      </p>
      <ConsentCheckbox name="privacy_consent" checked={agreed} onChange={onChange} />
      <FormError message={error} className="text-sm font-semibold text-red-700" />
    </div>
  );
}

const codeSchema = verifyPhoneRequestSchema.pick({ code: true });

/** The code texted (or read out in a call) to the phone, which proves it is the family's. */
function CodeForm({
  sentTo,
  phone,
  channel,
  onCalling,
  kidName,
  onDone,
  onOtherPhone,
}: {
  /** The phone as the parent wrote it; `phone` is the same in E.164. */
  sentTo: string;
  phone: string;
  channel: PhoneCodeChannel;
  onCalling: () => void;
  kidName: string;
  onDone: () => void;
  onOtherPhone: () => void;
}) {
  const verify = useVerifyPhone();
  const form = useZodForm(codeSchema, { defaultValues: { code: '' } });

  const submit = ({ code }: { code: string }) =>
    verify.mutate(
      { phone, code },
      {
        onSuccess: onDone,
        onError: (error) =>
          form.setError(
            'code',
            { message: errorMessage(error, 'We could not check the code') },
            { shouldFocus: true },
          ),
      },
    );

  return (
    <Form form={form} noValidate onSubmit={submit} className="flex flex-col gap-5">
      <p className="text-gray-800">
        {channel === 'call' ? 'We are calling' : `We texted a ${PHONE_CODE_LENGTH}-digit code to`}{' '}
        <strong>{sentTo}</strong>
        {channel === 'call' ? ` to read out a ${PHONE_CODE_LENGTH}-digit code` : ''}. It proves the phone is
        yours, so Santa recognises {kidName} when they call from it.
      </p>
      <FormTextField
        form={form}
        name="code"
        label="Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={PHONE_CODE_LENGTH}
        required
        autoFocus
        parse={(typed) => typed.replace(/\D/g, '')}
        className="max-w-48"
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" size="lg" disabled={verify.isPending} aria-busy={verify.isPending}>
          {verify.isPending ? 'Checking...' : 'Verify phone'}
        </Button>
        <CallMeWithCode phone={phone} channel={channel} onCalling={onCalling} />
        <Button variant="ghost" className="min-h-11" onClick={onOtherPhone}>
          Use another phone
        </Button>
      </div>
    </Form>
  );
}

/** Back and the step's own submit button, the same on every step. */
export function StepButtons({
  onBack,
  busy = false,
  label = 'Continue',
}: {
  onBack?: () => void;
  busy?: boolean;
  label?: string;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center">
      {onBack ? (
        <Button variant="ghost" className="min-h-11" onClick={onBack}>
          <span aria-hidden="true">←</span> Back
        </Button>
      ) : null}
      <Button type="submit" size="lg" disabled={busy} aria-busy={busy} className="sm:ml-auto">
        {label}
      </Button>
    </div>
  );
}
