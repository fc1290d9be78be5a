import { useState } from 'react';
import type { Child } from '@santa/shared/children';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useRemoveChild } from '../../api/children-actions';

/** Removing a child asks first: Santa forgets their details, and their calls name no child. */
export function RemoveChildButton({ child }: { child: Child }) {
  const remove = useRemoveChild();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button variant="ghost" size="sm" className="min-h-11" onClick={() => setConfirming(true)}>
        Remove<span className="sr-only"> {child.kid_name}</span>
      </Button>
      <Dialog
        open={confirming}
        tone="danger"
        title={`Remove ${child.kid_name}?`}
        description={`Santa will no longer know ${child.kid_name}’s details. Their calls stay in your history.`}
        onClose={() => setConfirming(false)}
      >
        <DialogActions>
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            Keep {child.kid_name}
          </Button>
          <Button
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(child.id, {
                onSuccess: () => {
                  setConfirming(false);
                  toast.success(`${child.kid_name} is removed`);
                },
                onError: (error) => toast.error(errorMessage(error, 'We could not remove that child')),
              })
            }
          >
            Remove
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
