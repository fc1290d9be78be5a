import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useDeleteUser } from '../api/user-actions';
import { AdminDialog, DialogActions } from './admin-dialog';

interface Props {
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
  user: { id: string; email: string };
}

export function DeleteUserDialog({ open, onClose, onDeleted, user }: Props) {
  const mutation = useDeleteUser();
  const confirm = () =>
    mutation.mutate(user.id, {
      onSuccess: () => {
        toast.success('User deleted successfully');
        onDeleted();
      },
      onError: (error) => toast.error(errorMessage(error, 'Failed to delete user')),
    });

  return (
    <AdminDialog
      open={open}
      onClose={onClose}
      tone="danger"
      title="Delete User Account"
      description={
        <>
          <p>
            Permanently delete <strong>{user.email}</strong>?
          </p>
          <p className="mt-2">
            Their kid profile, calls, transcripts and recordings are deleted, their subscription is cancelled
            now and any dedicated number is released. This cannot be undone.
          </p>
        </>
      }
    >
      <DialogActions>
        <Button variant="ghost" onClick={onClose} disabled={mutation.isPending}>
          Cancel
        </Button>
        <Button variant="primary" onClick={confirm} disabled={mutation.isPending}>
          {mutation.isPending ? 'Deleting...' : 'Delete User'}
        </Button>
      </DialogActions>
    </AdminDialog>
  );
}
