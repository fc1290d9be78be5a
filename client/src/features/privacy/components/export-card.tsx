import { toast } from '@/lib/toast';
import { EXPORT_LINK_HOURS } from '@santa/shared/privacy';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { formatLongDateTime } from '@/lib/format';
import { LATEST_ARCHIVE_URL, useDataExport, useRequestExport } from '../api/privacy-actions';

/** "Download everything we hold about my family": built in the background, then a link for a day. */
export function ExportCard() {
  const current = useDataExport();
  const request = useRequestExport();
  const latest = current.data?.export ?? null;
  const ready = latest?.status === 'ready' && latest.expires_at && new Date(latest.expires_at) > new Date();
  return (
    <Card className="flex flex-col gap-3" role="region" aria-label="Download your data">
      <h2 className="font-display text-xl font-bold text-santa-800">Download your data</h2>
      <p className="text-gray-700">
        One zip file with everything we hold about your family: your account, your child&apos;s profile, every
        call&apos;s transcript and summary, and the recordings. We build it in the background and email you a
        link that works for {EXPORT_LINK_HOURS} hours.
      </p>
      {latest?.status === 'building' ? (
        <p role="status" className="font-semibold text-ink">
          Preparing your download… we will email you when it is ready.
        </p>
      ) : null}
      {ready ? (
        <p role="status" className="text-ink">
          Your download is ready until {formatLongDateTime(latest.expires_at!)}.{' '}
          <a href={LATEST_ARCHIVE_URL} className={buttonClasses('secondary', 'sm')} download>
            Download zip
          </a>
        </p>
      ) : null}
      <Button
        variant="outline"
        className="self-start"
        disabled={request.isPending || latest?.status === 'building'}
        onClick={() =>
          request.mutate(undefined, {
            onSuccess: () =>
              toast.success('We are preparing your download. We will email you when it is ready.'),
            onError: (error) => toast.error(errorMessage(error, 'Could not start your download')),
          })
        }
      >
        Request a download
      </Button>
    </Card>
  );
}
