import { useState } from 'react';
import type { CallItem } from '@santa/shared/calls';
import { isEmptyRecap } from '@santa/shared/recap';
import { Button, buttonClasses } from '@/components/ui/button';
import { PathIcon } from '@/components/ui/icons';
import { certificateUrl } from '../api/share-links';
import { ShareCallDialog } from './share-call-dialog';

/** A call worth keeping: Santa's recap, or a recording the family may play. */
export function canShare(call: CallItem): boolean {
  return !isEmptyRecap(call.recap) || (call.audio_url !== null && call.recording_purchased);
}

const SHARE_ICON = 'M4 12v7a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-7M16 6l-4-4-4 4M12 2v13';
const CERTIFICATE_ICON = 'M6 3h12v13H6zM9 7h6M9 10h6M9 16l-1 5 4-2 4 2-1-5';

/** "Share" and "Nice List certificate" under a call in the history. */
export function CallKeepsakeActions({ call }: { call: CallItem }) {
  const [sharing, setSharing] = useState(false);
  const shareable = canShare(call);
  return (
    <div className="mt-4 flex flex-wrap gap-2 border-t border-santa-100 pt-4">
      {shareable ? (
        <Button variant="outline" size="sm" onClick={() => setSharing(true)}>
          <PathIcon d={SHARE_ICON} className="h-4 w-4 shrink-0" />
          Share
        </Button>
      ) : null}
      <a href={certificateUrl(call.id)} download className={buttonClasses('ghost', 'sm')}>
        <PathIcon d={CERTIFICATE_ICON} className="h-4 w-4 shrink-0" />
        Nice List certificate
      </a>
      {shareable ? (
        <ShareCallDialog callId={call.id} open={sharing} onClose={() => setSharing(false)} />
      ) : null}
    </div>
  );
}
