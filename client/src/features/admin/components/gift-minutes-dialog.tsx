import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { giftMinutesSchema } from '@santa/shared/admin';
import { GIFT_MAX_MINUTES } from '@santa/shared/constants';
import { Button } from '@/components/button';
import { TextAreaField } from '@/components/text-area-field';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/api-client';
import { useGiftMinutes } from '../api/user-actions';
import { AdminDialog, DialogActions } from './admin-dialog';

interface Props {
  open: boolean;
  onClose: () => void;
  user: { id: string; email: string };
}

export function GiftMinutesDialog({ open, onClose, user }: Props) {
  const mutation = useGiftMinutes();
  const [minutes, setMinutes] = useState('');
  const [note, setNote] = useState('');

  const close = () => {
    setMinutes('');
    setNote('');
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The server checks the same schema; checking here saves a round trip (same messages).
    const parsed = giftMinutesSchema.safeParse(minutes);
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? 'Please enter a valid number of minutes');
      return;
    }
    mutation.mutate(
      { userId: user.id, minutes: parsed.data, note },
      {
        onSuccess: (result) => {
          toast.success(result.message);
          close();
        },
        onError: (error) => toast.error(errorMessage(error, 'Failed to gift minutes')),
      },
    );
  };

  return (
    <AdminDialog
      open={open}
      onClose={close}
      title="Gift Minutes"
      description={
        <p>
          Add call minutes to <strong>{user.email}</strong>. They raise the minute limit at once.
        </p>
      }
    >
      {/* noValidate: our own messages replace the browser's for out-of-range numbers. */}
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label="Minutes"
          type="number"
          inputMode="numeric"
          min={1}
          max={GIFT_MAX_MINUTES}
          step={1}
          required
          value={minutes}
          onChange={(event) => setMinutes(event.target.value)}
          hint={`Between 1 and ${GIFT_MAX_MINUTES.toLocaleString('en-US')}.`}
        />
        <TextAreaField
          label="Note (optional)"
          rows={3}
          limit={500}
          value={note}
          onValueChange={setNote}
          placeholder="e.g. Sorry about the dropped call"
        />
        <DialogActions>
          <Button variant="ghost" onClick={close} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="secondary" disabled={mutation.isPending}>
            {mutation.isPending ? 'Gifting...' : 'Gift Minutes'}
          </Button>
        </DialogActions>
      </form>
    </AdminDialog>
  );
}
