import { useId, useRef, useState } from 'react';
import { DEFAULT_SHARE_LINK_DAYS, SHARE_LINK_DAYS, type CreatedShareLink } from '@santa/shared/keepsakes';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { requestErrorMessage } from '@/lib/api-client';
import { formatLongDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useCreateShareLink, useRevokeShareLink, useShareLinks } from '../api/share-links';
import { ShareLinkList } from './share-link-list';

interface ShareCallDialogProps {
  callId: string;
  open: boolean;
  onClose: () => void;
}

const DAYS_LABEL: Record<(typeof SHARE_LINK_DAYS)[number], string> = { 7: '7 days', 30: '30 days' };

/**
 * "Share this call": the parent picks how long a link works, makes it, copies it (its address is
 * shown this once: only its hash is kept), and turns off any link that still works.
 */
export function ShareCallDialog({ callId, open, onClose }: ShareCallDialogProps) {
  const links = useShareLinks(callId, open);
  const create = useCreateShareLink(callId);
  const revoke = useRevokeShareLink(callId);
  const [days, setDays] = useState<(typeof SHARE_LINK_DAYS)[number]>(DEFAULT_SHARE_LINK_DAYS);
  const [created, setCreated] = useState<CreatedShareLink | null>(null);
  const urlRef = useRef<HTMLInputElement>(null);
  const groupId = useId();

  function close() {
    setCreated(null);
    onClose();
  }

  function makeLink() {
    create.mutate(
      { expires_in_days: days },
      {
        onSuccess: (link) => setCreated(link),
        onError: (error) => toast.error(requestErrorMessage(error)),
      },
    );
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied. Paste it into a message to family and friends.');
    } catch {
      urlRef.current?.select();
      toast.info('Select the link and copy it.');
    }
  }

  function turnOff(linkId: string) {
    revoke.mutate(linkId, {
      onSuccess: ({ message }) => {
        if (created?.id === linkId) setCreated(null);
        toast.success(message);
      },
      onError: (error) => toast.error(requestErrorMessage(error)),
    });
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Share this call"
      description={
        <p>
          Anyone with the link can read what your child told Santa
          {links.data?.includes_recording ? ' and hear the recording' : ''}, until the link ends or you turn
          it off. They see nothing else of your family: no phone number, email or other calls.
        </p>
      }
    >
      {links.data && !links.data.includes_recording ? (
        <p className="rounded-xl bg-frost px-3 py-2 text-sm text-ink">
          The recording is not included: only recordings you have unlocked can be shared.
        </p>
      ) : null}

      {created ? (
        <div className="flex flex-col gap-2 rounded-xl bg-pine-50 p-4">
          <label htmlFor={`${groupId}-url`} className="font-semibold text-pine-700">
            Your link, working until {formatLongDate(created.expires_at)}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id={`${groupId}-url`}
              ref={urlRef}
              readOnly
              value={created.url}
              onFocus={(event) => event.currentTarget.select()}
              className="min-h-tap w-full min-w-0 rounded-xl border border-gray-300 bg-white px-3 text-sm text-ink"
            />
            <Button variant="secondary" size="sm" onClick={() => void copy(created.url)}>
              Copy link
            </Button>
          </div>
          <p className="text-sm text-pine-700">
            Copy it now: for your family’s safety we keep no copy of this address, so it cannot be shown
            again.
          </p>
        </div>
      ) : (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 font-semibold text-ink">How long should the link work?</legend>
          <div className="flex gap-2">
            {SHARE_LINK_DAYS.map((option) => (
              <label
                key={option}
                className={`flex min-h-tap flex-1 cursor-pointer items-center justify-center rounded-full border-2 px-4 font-semibold transition-colors has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-ink ${
                  days === option
                    ? 'border-santa-600 bg-santa-50 text-santa-700'
                    : 'border-gray-200 bg-white text-gray-700 hover:border-santa-100'
                }`}
              >
                <input
                  type="radio"
                  name={`${groupId}-days`}
                  value={option}
                  checked={days === option}
                  onChange={() => setDays(option)}
                  className="sr-only"
                />
                {DAYS_LABEL[option]}
              </label>
            ))}
          </div>
        </fieldset>
      )}

      <ShareLinkList
        links={links}
        revokingId={revoke.isPending ? (revoke.variables ?? null) : null}
        onRevoke={turnOff}
      />

      <DialogActions>
        <Button variant="ghost" onClick={close}>
          Close
        </Button>
        {created ? null : (
          <Button onClick={makeLink} disabled={create.isPending} aria-busy={create.isPending}>
            {create.isPending ? 'Making the link…' : 'Create link'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
