import { useState } from 'react';
import { toast } from '@/lib/toast';
import type { RevokeAction } from '@santa/shared/admin';
import type { Subscription } from '@santa/shared/subscription';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useRevokeDiscount } from '../api/user-actions';
import { AdminDialog, DialogActions } from './admin-dialog';
import { discountLabel } from './format-admin';

interface Props {
  open: boolean;
  onClose: () => void;
  user: { id: string; email: string };
  subscription: Subscription | null;
}

const CHOICES: { value: RevokeAction; title: string; body: string }[] = [
  {
    value: 'cancel_immediately',
    title: 'Cancel immediately',
    body: 'The subscription ends now and calls stop. To continue, the user must subscribe again at full price.',
  },
  {
    value: 'finish_period',
    title: 'Finish billing period',
    body: 'The discount is removed and the service continues until the end of the current billing period, then ends.',
  },
];

export function RevokeDiscountDialog({ open, onClose, user, subscription }: Props) {
  const mutation = useRevokeDiscount();
  const [action, setAction] = useState<RevokeAction | null>(null);

  const close = () => {
    setAction(null);
    onClose();
  };

  const confirm = () => {
    if (!action) return;
    mutation.mutate(
      { userId: user.id, action },
      {
        onSuccess: (result) => {
          toast.success(result.message);
          close();
        },
        onError: (error) => toast.error(errorMessage(error, 'Failed to revoke discount')),
      },
    );
  };

  const discount = subscription
    ? discountLabel(subscription.discount_percent, subscription.discount_type)
    : null;
  return (
    <AdminDialog
      open={open}
      onClose={close}
      tone="danger"
      title="Revoke Discount"
      description={
        <p>
          Remove the discount{discount ? ` (${discount})` : ''} from <strong>{user.email}</strong>. Choose
          what happens to the subscription:
        </p>
      }
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">What happens to the subscription</legend>
        {CHOICES.map((choice) => (
          <label
            key={choice.value}
            className={`flex cursor-pointer gap-3 rounded-xl border-2 p-3 ${
              action === choice.value
                ? 'border-santa-600 bg-santa-50'
                : 'border-gray-200 hover:border-gray-300'
            }`}
          >
            <input
              type="radio"
              name="revoke-action"
              value={choice.value}
              checked={action === choice.value}
              onChange={() => setAction(choice.value)}
              className="mt-1 h-4 w-4 accent-santa-600"
            />
            <span className="flex flex-col">
              <span className="font-semibold text-ink">{choice.title}</span>
              <span className="text-sm text-gray-700">{choice.body}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <DialogActions>
        <Button variant="ghost" onClick={close} disabled={mutation.isPending}>
          Cancel
        </Button>
        <Button variant="primary" onClick={confirm} disabled={!action || mutation.isPending}>
          {mutation.isPending ? 'Revoking...' : 'Revoke Discount'}
        </Button>
      </DialogActions>
    </AdminDialog>
  );
}
