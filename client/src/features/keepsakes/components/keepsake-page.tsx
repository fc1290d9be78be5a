import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Keepsake } from '@santa/shared/keepsakes';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SantaHatIcon } from '@/components/logo';
import { RecapList } from '@/components/recap-list';
import { requestErrorMessage } from '@/lib/api-client';
import { formatLongDate } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useKeepsake } from '../api/get-keepsake';

const linkClasses =
  'rounded font-semibold text-santa-700 underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink';

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="flex w-full max-w-md flex-col items-center gap-4 p-6 text-center sm:p-8">
      <SantaHatIcon className="h-16 w-16" />
      <h1 className="font-display text-3xl font-bold text-santa-700">{title}</h1>
      {children}
      <Link to={paths.landing} className={`inline-flex min-h-tap items-center ${linkClasses}`}>
        Santa Calls home
      </Link>
    </Card>
  );
}

function KeepsakeCard({ keepsake }: { keepsake: Keepsake }) {
  const name = keepsake.child_name;
  return (
    <Card className="w-full max-w-2xl p-6 sm:p-10">
      <p className="text-eyebrow font-extrabold text-pine-700 uppercase">A keepsake from the North Pole</p>
      <h1 className="mt-2 font-display text-3xl font-bold text-santa-700 sm:text-4xl">
        {name ? `${name}’s call with Santa` : 'A call with Santa'}
      </h1>
      <p className="mt-1 text-gray-700">
        <time dateTime={keepsake.called_at}>{formatLongDate(keepsake.called_at)}</time>
      </p>

      {keepsake.recording_url ? (
        <figure className="mt-6 rounded-xl bg-frost p-4">
          <figcaption className="mb-2 font-semibold text-ink">Listen to the call</figcaption>
          <audio controls preload="metadata" src={keepsake.recording_url} className="w-full">
            <a href={keepsake.recording_url}>Listen to the recording</a>
          </audio>
        </figure>
      ) : null}

      <RecapList recap={keepsake.recap} name={name} className="mt-6" />

      <div className="mt-8 flex flex-col items-start gap-4 border-t border-santa-100 pt-6 sm:flex-row sm:items-center sm:justify-between">
        <a href={keepsake.certificate_url} download className={buttonClasses('gold', 'md', 'shrink-0')}>
          Download the Nice List certificate
        </a>
        <p className="text-sm text-gray-600">
          Shared privately by {name ? `${name}’s` : 'the'} family · works until{' '}
          {formatLongDate(keepsake.expires_at)}
        </p>
      </div>
      <p className="mt-6 text-sm text-gray-700">
        Would your child like a call from Santa?{' '}
        <Link to={paths.landing} className={linkClasses}>
          See how Santa Calls works
        </Link>
      </p>
    </Card>
  );
}

/** What someone sent a keepsake link sees: no account, nothing of the family beyond this call. */
export function KeepsakePage({ token }: { token: string }) {
  const state = useKeepsake(token);
  const name = state.status === 'ready' ? state.keepsake.child_name : null;
  useDocumentTitle(name ? `${name}’s call with Santa` : 'A call with Santa');

  switch (state.status) {
    case 'loading':
      return (
        <Card className="w-full max-w-2xl p-10 text-center" role="status">
          Opening the keepsake…
        </Card>
      );
    case 'ready':
      return <KeepsakeCard keepsake={state.keepsake} />;
    case 'gone':
      return (
        <Notice title="This keepsake has ended">
          <p className="text-gray-700">{state.detail}</p>
          <p className="text-gray-700">If you would like to hear it, ask the family for a new link.</p>
        </Notice>
      );
    case 'missing':
      return (
        <Notice title="We could not find this keepsake">
          <p className="text-gray-700">{state.detail}</p>
        </Notice>
      );
    default:
      return (
        <Notice title="The sleigh hit a snowdrift">
          <p role="alert" className="text-gray-700">
            {requestErrorMessage(state.error)}
          </p>
        </Notice>
      );
  }
}
