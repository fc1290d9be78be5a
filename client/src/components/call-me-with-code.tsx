import type { PhoneCodeChannel } from '@santa/shared/santa';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useSendPhoneCode } from '@/lib/queries/family-phones';
import { toast } from '@/lib/toast';

/**
 * "No text? Call me with the code": the same code read out in a call, for a landline or a phone
 * whose texts do not arrive. Shown while the code went by text.
 */
export function CallMeWithCode({
  phone,
  channel,
  onCalling,
}: {
  /** E.164, as the code was sent. */
  phone: string;
  channel: PhoneCodeChannel;
  onCalling: () => void;
}) {
  const send = useSendPhoneCode();
  if (channel === 'call') return null;
  return (
    <Button
      type="button"
      variant="ghost"
      className="min-h-11"
      disabled={send.isPending}
      onClick={() =>
        send.mutate(
          { phone, channel: 'call' },
          {
            onSuccess: ({ message }) => {
              toast.success(message);
              onCalling();
            },
            onError: (error) => toast.error(errorMessage(error, 'We could not call that phone')),
          },
        )
      }
    >
      No text? Call me with the code
    </Button>
  );
}

/** Where the code went, in the parent's words: "texted to …" or "read out in our call to …". */
export function codeSentWords(channel: PhoneCodeChannel): string {
  return channel === 'call' ? 'read out in our call to' : 'texted to';
}
