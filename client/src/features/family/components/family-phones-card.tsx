import { useState, type FormEvent } from 'react';
import type { PhoneCodeChannel } from '@santa/shared/santa';
import { CallMeWithCode, codeSentWords } from '@/components/call-me-with-code';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import { formatPhoneNumber } from '@/lib/format';
import {
  useFamilyPhones,
  useRemovePhone,
  useSendPhoneCode,
  useVerifyPhone,
} from '@/lib/queries/family-phones';

/**
 * The phones Santa recognises: each proven with a code sent to it, so nobody can claim a
 * family's number. The profile's phone is offered first when it is not verified yet.
 */
export function FamilyPhonesCard({ profilePhone }: { profilePhone: string | null }) {
  const phones = useFamilyPhones();
  const send = useSendPhoneCode();
  const verify = useVerifyPhone();
  const remove = useRemovePhone();
  const verified = phones.data?.phones ?? [];
  const profileVerified = !profilePhone || verified.some((row) => row.phone === profilePhone);
  const [phone, setPhone] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [channel, setChannel] = useState<PhoneCodeChannel>('sms');
  const [code, setCode] = useState('');
  const target = phone || (profileVerified ? '' : (profilePhone ?? ''));

  const onSend = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(target, {
      onSuccess: ({ message, channel: sentBy }) => {
        setSentTo(target);
        setChannel(sentBy);
        setCode('');
        toast.success(message);
      },
      onError: (error) => toast.error(errorMessage(error, 'We could not send the code')),
    });
  };
  const onVerify = (event: FormEvent) => {
    event.preventDefault();
    if (!sentTo) return;
    verify.mutate(
      { phone: sentTo, code },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          setSentTo(null);
          setPhone('');
          setCode('');
        },
        onError: (error) => toast.error(errorMessage(error, 'We could not check the code')),
      },
    );
  };

  return (
    <Card role="region" aria-labelledby="family-phones-title" className="flex flex-col gap-4">
      <div>
        <h2 id="family-phones-title" className="font-display text-2xl font-bold text-ink">
          Family phones
        </h2>
        <p className="mt-1 text-gray-700">
          Santa recognises your child when they call from one of these phones. Each is verified with a code we
          text to it (or read out in a call), so nobody else can use your number.
        </p>
      </div>
      {!profileVerified && !sentTo ? (
        <p className="rounded-xl bg-gold-400/20 px-4 py-3 text-ink" role="status">
          Verify {formatPhoneNumber(profilePhone ?? '')} so Santa recognises calls from it.
        </p>
      ) : null}
      {phones.isError ? (
        <div className="flex items-center gap-3" role="alert">
          <p className="text-santa-700">We couldn’t load your family phones.</p>
          <Button size="sm" variant="outline" onClick={() => void phones.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {verified.length > 0 ? (
        <ul className="divide-y divide-santa-100">
          {verified.map((row) => (
            <li key={row.phone} className="flex flex-wrap items-center justify-between gap-3 py-2">
              <span className="font-semibold text-ink">{formatPhoneNumber(row.phone)} · verified</span>
              <Button
                size="sm"
                variant="ghost"
                className="min-h-11"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(row.phone, {
                    onError: (error) => toast.error(errorMessage(error, 'We could not remove that phone')),
                  })
                }
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {sentTo ? (
        <form onSubmit={onVerify} className="flex flex-wrap items-end gap-3">
          <TextField
            label="Code"
            hint={`The 6-digit code we ${codeSentWords(channel)} ${formatPhoneNumber(sentTo)}`}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            required
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <Button type="submit" className="min-h-11" disabled={verify.isPending}>
            Verify
          </Button>
          <CallMeWithCode phone={sentTo} channel={channel} onCalling={() => setChannel('call')} />
          <Button type="button" variant="ghost" className="min-h-11" onClick={() => setSentTo(null)}>
            Use another phone
          </Button>
        </form>
      ) : verified.length < (phones.data?.limit ?? 4) ? (
        <form onSubmit={onSend} className="flex flex-wrap items-end gap-3">
          <TextField
            label="Phone to verify"
            type="tel"
            autoComplete="tel"
            placeholder="+1 555 123 4567"
            required
            value={target}
            onChange={(event) => setPhone(event.target.value)}
          />
          <Button type="submit" variant="secondary" className="min-h-11" disabled={send.isPending}>
            Text me a code
          </Button>
        </form>
      ) : null}
    </Card>
  );
}
