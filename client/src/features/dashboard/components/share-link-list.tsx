import type { UseQueryResult } from '@tanstack/react-query';
import type { ShareLinks } from '@santa/shared/keepsakes';
import { Button } from '@/components/ui/button';
import { formatLongDate } from '@/lib/format';

/** The call's links that still work, each with its "Turn off". */
export function ShareLinkList({
  links,
  revokingId,
  onRevoke,
}: {
  links: UseQueryResult<ShareLinks>;
  revokingId: string | null;
  onRevoke: (linkId: string) => void;
}) {
  if (links.isPending) return <p className="text-sm text-gray-600">Looking for links you have shared…</p>;
  if (links.isError)
    return (
      <p role="alert" className="text-sm text-santa-800">
        We could not load the links you shared. Close this and try again.
      </p>
    );
  if (links.data.links.length === 0) return null;
  return (
    <section aria-labelledby="share-links-heading" className="flex flex-col gap-2">
      <h3 id="share-links-heading" className="font-semibold text-ink">
        Links that work now
      </h3>
      <ul className="flex flex-col divide-y divide-santa-100 rounded-xl border border-santa-100">
        {links.data.links.map((link) => (
          <li key={link.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
            <p className="text-sm text-gray-700">
              Made {formatLongDate(link.created_at)}
              <br />
              <span className="font-semibold text-ink">Works until {formatLongDate(link.expires_at)}</span>
            </p>
            <Button
              variant="outline"
              size="sm"
              onClick={() => onRevoke(link.id)}
              disabled={revokingId !== null}
              aria-label={`Revoke the link made ${formatLongDate(link.created_at)}`}
            >
              {revokingId === link.id ? 'Revoking…' : 'Revoke'}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
