import { useRef, useState, type FormEvent } from 'react';
import type { CountryCode } from 'libphonenumber-js';
import { Link } from 'react-router';
import { CONSENT_REQUIRED_MESSAGE, PRIVACY_NOTICE_VERSION } from '@santa/shared/privacy';
import { PHONE_CODE_LENGTH } from '@santa/shared/santa';
import { Button } from '@/components/button';
import { ConsentCheckbox } from '@/components/consent-checkbox';
import { paths } from '@/lib/paths';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/api-client';
import { phoneForDisplay } from '@/lib/phone';
import { useFamilyPhones, useSendPhoneCode, useVerifyPhone } from '@/lib/queries/family-phones';
import { profileErrors, type ProfileErrors, type ProfileValues } from '../../profile-values';
import { PhoneField } from '../phone-field';

interface PhoneStepProps {
  values: ProfileValues;
  onChange: (phone: string, country: CountryCode) => void;
  /**
   * Saves the whole profile with the notice version agreed to (if asked); resolves to the stored
   * E.164 phone, or rejects with the server's error.
   */
  saveProfile: (consentVersion: string) => Promise<string>;
  /** A new profile needs the parent's agreement to the privacy notice (docs/decisions/0014). */
  needsConsent: boolean;
  onDone: () => void;
  onBack: () => void;
}

/**
 * The parent's phone: saved with the profile, then proven by a texted code, because Santa
 * recognises a child only when the call comes from a verified phone.
 */
export function PhoneStep({ values, onChange, saveProfile, needsConsent, onDone, onBack }: PhoneStepProps) {
  const phones = useFamilyPhones();
  const send = useSendPhoneCode();
  const verify = useVerifyPhone();
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [consentError, setConsentError] = useState<string | undefined>();
  const phoneRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const country = values.parent_phone_country as CountryCode;

  async function savePhone(event: FormEvent) {
    event.preventDefault();
    const found = profileErrors(values, ['parent_phone']);
    setErrors(found);
    if (found.parent_phone) {
      phoneRef.current?.focus();
      return;
    }
    if (needsConsent && !agreed) {
      setConsentError(CONSENT_REQUIRED_MESSAGE);
      return;
    }
    setSaving(true);
    try {
      const e164 = await saveProfile(needsConsent ? PRIVACY_NOTICE_VERSION : '');
      const alreadyVerified = (await phones.refetch()).data?.phones.some((row) => row.phone === e164);
      if (alreadyVerified) {
        onDone();
        return;
      }
      await send.mutateAsync({ phone: e164 });
      setSentTo(e164);
      setCode('');
      setTimeout(() => codeRef.current?.focus(), 0);
    } catch (error) {
      const detail = errorMessage(error, 'We could not save your phone. Please try again.');
      setErrors({ parent_phone: detail });
      phoneRef.current?.focus();
    } finally {
      setSaving(false);
    }
  }

  function checkCode(event: FormEvent) {
    event.preventDefault();
    if (!sentTo) return;
    if (!new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`).test(code.trim())) {
      setCodeError(`Enter the ${PHONE_CODE_LENGTH}-digit code from the text message`);
      codeRef.current?.focus();
      return;
    }
    verify.mutate(
      { phone: sentTo, code: code.trim() },
      {
        onSuccess: onDone,
        onError: (error) => {
          setCodeError(errorMessage(error, 'We could not check the code'));
          codeRef.current?.focus();
        },
      },
    );
  }

  if (sentTo) {
    return (
      <form noValidate onSubmit={checkCode} className="flex flex-col gap-5">
        <p className="text-gray-800">
          We texted a {PHONE_CODE_LENGTH}-digit code to <strong>{phoneForDisplay(sentTo, country)}</strong>.
          It proves the phone is yours, so Santa recognises {values.kid_name.trim() || 'your child'} when they
          call from it.
        </p>
        <TextField
          ref={codeRef}
          label="Code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={PHONE_CODE_LENGTH}
          required
          value={code}
          error={codeError}
          onChange={(event) => {
            setCode(event.target.value.replace(/\D/g, ''));
            setCodeError(undefined);
          }}
          className="max-w-48"
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" size="lg" disabled={verify.isPending} aria-busy={verify.isPending}>
            {verify.isPending ? 'Checking...' : 'Verify phone'}
          </Button>
          <Button variant="ghost" className="min-h-11" onClick={() => setSentTo(null)}>
            Use another phone
          </Button>
        </div>
      </form>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void savePhone(event)} className="flex flex-col gap-5">
      <PhoneField
        ref={phoneRef}
        label="Parent phone"
        name="parent_phone"
        required
        placeholder={country === 'US' ? '(415) 555-0142' : undefined}
        hint="The phone your child will call Santa from. We text it a code to check it is yours."
        value={values.parent_phone}
        country={country}
        error={errors.parent_phone}
        onChange={(phone, nextCountry) => {
          onChange(phone, nextCountry);
          setErrors({});
        }}
      />
      {needsConsent ? (
        <div className="flex flex-col gap-2 rounded-2xl border border-santa-100 bg-santa-50 p-4">
          <p className="text-sm text-gray-700">
            Calls are recorded and transcribed. Our{' '}
            <Link to={paths.privacy} target="_blank" className="font-semibold text-santa-700 underline">
              privacy notice
            </Link>{' '}
            says who receives what and for how long.
          </p>
          <ConsentCheckbox
            name="privacy_consent"
            checked={agreed}
            onChange={(checked) => {
              setAgreed(checked);
              setConsentError(undefined);
            }}
          />
          {consentError ? (
            <p role="alert" className="text-sm font-semibold text-red-700">
              {consentError}
            </p>
          ) : null}
        </div>
      ) : null}
      <StepButtons onBack={onBack} busy={saving} label={saving ? 'Saving...' : 'Save and text me a code'} />
    </form>
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
