import { useState } from 'react';
import type { AdminUserDetail } from '@santa/shared/admin';
import { Button } from '@/components/ui/button';
import { DeletePhoneDialog } from './delete-phone-dialog';
import { DeleteUserDialog } from './delete-user-dialog';
import { RevokeDiscountDialog } from './revoke-discount-dialog';

type DialogName = 'phone' | 'revoke' | 'user';

/** Only what cannot be undone; giving minutes lives with the gift history (give-minutes.tsx). */
export function DangerZone({
  detail,
  isSelf,
  onDeleted,
}: {
  detail: AdminUserDetail;
  isSelf: boolean;
  onDeleted: () => void;
}) {
  const [open, setOpen] = useState<DialogName | null>(null);
  const close = () => setOpen(null);
  const { user, subscription, agent_config: agent } = detail;
  const hasDiscount = subscription?.discount_percent != null;

  return (
    <section className="flex flex-col gap-3 rounded-2xl border-2 border-santa-600/40 bg-santa-50 p-4">
      <h3 className="text-lg font-bold text-santa-700">Danger Zone</h3>
      <div className="grid gap-2 sm:grid-cols-2">
        <Button variant="outline" onClick={() => setOpen('phone')} disabled={!agent}>
          Delete Phone Number
        </Button>
        <Button variant="outline" onClick={() => setOpen('revoke')} disabled={!hasDiscount}>
          Revoke Discount
        </Button>
        <Button variant="primary" onClick={() => setOpen('user')} disabled={isSelf}>
          Delete User
        </Button>
      </div>
      {!agent || !hasDiscount || isSelf ? (
        <p className="text-sm text-gray-700">
          {[
            !agent ? 'No phone number to delete.' : null,
            !hasDiscount ? 'No discount to revoke.' : null,
            isSelf ? 'You cannot delete your own account.' : null,
          ]
            .filter(Boolean)
            .join(' ')}
        </p>
      ) : null}
      <DeletePhoneDialog
        open={open === 'phone'}
        onClose={close}
        user={user}
        phoneNumber={agent?.twilio_phone_number ?? null}
      />
      <RevokeDiscountDialog
        open={open === 'revoke'}
        onClose={close}
        user={user}
        subscription={subscription}
      />
      <DeleteUserDialog
        open={open === 'user'}
        onClose={close}
        user={user}
        onDeleted={() => {
          close();
          onDeleted();
        }}
      />
    </section>
  );
}
