import { z } from 'zod';
import { toast } from '@/lib/toast';
import { giftMinutesSchema } from '@santa/shared/admin';
import { GIFT_MAX_MINUTES } from '@santa/shared/constants';
import { Form } from '@/components/form/form';
import { FormTextAreaField, FormTextField } from '@/components/form/text-fields';
import { toastFirstError, useZodForm } from '@/components/form/use-zod-form';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useGiftMinutes } from '../api/user-actions';
import { AdminDialog, DialogActions } from './admin-dialog';

interface Props {
  open: boolean;
  onClose: () => void;
  user: { id: string; email: string };
}

// The server checks the same minutes; checking here saves a round trip (same messages).
const giftFormSchema = z.object({ minutes: giftMinutesSchema, note: z.string() });

export function GiftMinutesDialog({ open, onClose, user }: Props) {
  const mutation = useGiftMinutes();
  const form = useZodForm(giftFormSchema, { defaultValues: { minutes: '', note: '' } });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = ({ minutes, note }: z.output<typeof giftFormSchema>) => {
    mutation.mutate(
      { userId: user.id, minutes, note },
      {
        onSuccess: (result) => {
          toast.success(result.message);
          close();
        },
        onError: (error) => toast.error(errorMessage(error, 'Failed to give minutes')),
      },
    );
  };

  return (
    <AdminDialog
      open={open}
      onClose={close}
      title="Give minutes"
      description={
        <p>
          Add call minutes to <strong>{user.email}</strong>. They raise the minute limit at once.
        </p>
      }
    >
      {/* noValidate: our own messages replace the browser's for out-of-range numbers. */}
      <Form
        form={form}
        noValidate
        onSubmit={submit}
        onInvalid={toastFirstError}
        className="flex flex-col gap-4"
      >
        <FormTextField
          form={form}
          name="minutes"
          label="Minutes"
          type="number"
          inputMode="numeric"
          min={1}
          max={GIFT_MAX_MINUTES}
          step={1}
          required
          hint={`Between 1 and ${GIFT_MAX_MINUTES.toLocaleString('en-US')}.`}
        />
        <FormTextAreaField
          form={form}
          name="note"
          label="Note (optional)"
          rows={3}
          limit={500}
          placeholder="e.g. Sorry about the dropped call"
        />
        <DialogActions>
          <Button variant="ghost" onClick={close} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="secondary" disabled={mutation.isPending}>
            {mutation.isPending ? 'Giving...' : 'Give minutes'}
          </Button>
        </DialogActions>
      </Form>
    </AdminDialog>
  );
}
