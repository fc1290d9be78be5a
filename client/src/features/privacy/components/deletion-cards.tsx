import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { formatLongDateTime, formatMinutesSeconds } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useCallHistory } from '@/lib/queries/call-history';
import { useKidProfile } from '@/lib/queries/kid-profile';
import { useDeleteAccount, useDeleteCall, useDeleteChildProfile } from '../api/privacy-actions';
import { ConfirmDeletion } from './confirm-deletion';

type Props = { hasPassword: boolean };

/** Each call, deletable on its own: transcript, summary, recording and the voice provider's copy. */
export function DeleteCallsCard({ hasPassword }: Props) {
  const calls = useCallHistory();
  const remove = useDeleteCall();
  const [confirming, setConfirming] = useState<string | null>(null);
  const list = calls.data ?? [];
  return (
    <Card className="flex flex-col gap-3" role="region" aria-label="Delete a call">
      <h2 className="font-display text-xl font-bold text-santa-800">Delete a call</h2>
      <p className="text-gray-700">
        Deletes the call&apos;s transcript, summary and recording here and at Santa&apos;s voice provider.
      </p>
      {list.length === 0 ? <p className="text-gray-600">No calls yet.</p> : null}
      <ul className="flex flex-col gap-3">
        {list.map((call) => {
          const label = `Call of ${formatLongDateTime(call.created_at)}`;
          return (
            <li key={call.id} className="flex flex-col gap-2 rounded-xl border border-santa-100 p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-ink">
                  {label}
                  {formatMinutesSeconds(call.duration) ? ` · ${formatMinutesSeconds(call.duration)}` : ''}
                </span>
                {confirming !== call.id ? (
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Delete ${label}`}
                    onClick={() => setConfirming(call.id)}
                  >
                    Delete
                  </Button>
                ) : null}
              </div>
              {confirming === call.id ? (
                <ConfirmDeletion
                  hasPassword={hasPassword}
                  action="Delete this call"
                  pending={remove.isPending}
                  onCancel={() => setConfirming(null)}
                  onConfirm={(confirmation) =>
                    remove.mutate(
                      { callId: call.id, confirmation },
                      {
                        onSuccess: (result) => {
                          setConfirming(null);
                          toast.success(result.message);
                        },
                        onError: (error) => toast.error(errorMessage(error, 'Could not delete the call')),
                      },
                    )
                  }
                />
              ) : null}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

export function DeleteChildProfileCard({ hasPassword }: Props) {
  const profile = useKidProfile();
  const remove = useDeleteChildProfile();
  const [confirming, setConfirming] = useState(false);
  if (!profile.data?.has_profile) return null;
  return (
    <Card className="flex flex-col gap-3" role="region" aria-label="Delete your child's profile">
      <h2 className="font-display text-xl font-bold text-santa-800">Delete your child&apos;s profile</h2>
      <p className="text-gray-700">
        Deletes your child&apos;s name, age, wishes and notes. Santa cannot take a call until you create a new
        profile. Calls stay until you delete them above.
      </p>
      {confirming ? (
        <ConfirmDeletion
          hasPassword={hasPassword}
          action="Delete the profile"
          pending={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={(confirmation) =>
            remove.mutate(confirmation, {
              onSuccess: (result) => {
                setConfirming(false);
                toast.success(result.message);
              },
              onError: (error) => toast.error(errorMessage(error, 'Could not delete the profile')),
            })
          }
        />
      ) : (
        <Button variant="outline" className="self-start" onClick={() => setConfirming(true)}>
          Delete profile
        </Button>
      )}
    </Card>
  );
}

export function DeleteAccountCard({ hasPassword }: Props) {
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  return (
    <Card className="flex flex-col gap-3 border-santa-300" role="region" aria-label="Delete your account">
      <h2 className="font-display text-xl font-bold text-santa-800">Delete your account</h2>
      <p className="text-gray-700">
        Cancels your subscription, releases your Santa number, and deletes your child&apos;s profile, every
        call and recording, here and at our providers. Stripe keeps the payment records the law requires, with
        nothing about your child.
      </p>
      {confirming ? (
        <ConfirmDeletion
          hasPassword={hasPassword}
          action="Delete my account"
          pending={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={(confirmation) =>
            remove.mutate(confirmation, {
              onSuccess: (result) => {
                toast.success(result.message);
                queryClient.clear();
                void navigate(paths.landing);
              },
              onError: (error) => toast.error(errorMessage(error, 'Could not delete the account')),
            })
          }
        />
      ) : (
        <Button className="self-start" onClick={() => setConfirming(true)}>
          Delete account
        </Button>
      )}
    </Card>
  );
}
