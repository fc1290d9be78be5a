import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatPhoneNumber } from '@/lib/format';
import { useDeletePhoneNumber } from '../api/user-actions';
import { AdminDialog, DialogActions } from './admin-dialog';

interface Props {
  open: boolean;
  onClose: () => void;
  user: { id: string; email: string };
  phoneNumber: string | null;
}

const ALREADY_GONE = 'No configuration found';

export function DeletePhoneDialog({ open, onClose, user, phoneNumber }: Props) {
  const mutation = useDeletePhoneNumber();
  const confirm = () =>
    mutation.mutate(user.id, {
      onSuccess: () => {
        toast.success('Phone number deleted successfully');
        onClose();
      },
      onError: (error) => {
        // Someone else (or the plan ending) released it first: the admin list reloads (onSettled).
        if (error instanceof ApiError && error.detail?.includes(ALREADY_GONE)) {
          toast.info('Phone number already deleted. Refreshing...');
          onClose();
          return;
        }
        toast.error(errorMessage(error, 'Failed to delete phone number'));
      },
    });

  return (
    <AdminDialog
      open={open}
      onClose={onClose}
      tone="danger"
      title="Delete Phone Number"
      description={
        <p>
          This releases{' '}
          {phoneNumber ? <strong>{formatPhoneNumber(phoneNumber)}</strong> : 'the dedicated number'} for{' '}
          <strong>{user.email}</strong> and removes its agent configuration. The child will no longer reach
          Santa on that number.
        </p>
      }
    >
      <DialogActions>
        <Button variant="ghost" onClick={onClose} disabled={mutation.isPending}>
          Cancel
        </Button>
        <Button variant="primary" onClick={confirm} disabled={mutation.isPending}>
          {mutation.isPending ? 'Deleting...' : 'Delete Phone Number'}
        </Button>
      </DialogActions>
    </AdminDialog>
  );
}
