import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { GiftMinutesDialog } from './gift-minutes-dialog';
import { GiftHistoryList } from './history-lists';

/** Giving minutes only adds to a family's balance, so it sits with their gifts, not in the Danger Zone. */
export function GiveMinutes({ user }: { user: { id: string; email: string } }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-gray-600">Add call minutes to this family’s balance.</p>
        <Button variant="secondary" onClick={() => setOpen(true)} className="sm:shrink-0">
          Give minutes
        </Button>
      </div>
      <GiftHistoryList userId={user.id} />
      <GiftMinutesDialog open={open} onClose={() => setOpen(false)} user={user} />
    </>
  );
}
