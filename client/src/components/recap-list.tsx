import {
  RECAP_HEADINGS,
  RECAP_KINDS,
  isEmptyRecap,
  type CallRecap,
  type RecapKind,
} from '@santa/shared/recap';
import { PathIcon } from '@/components/ui/icons';

/** Small line icons (emoji are missing from many Linux and older Windows fonts). */
const ICON_PATHS: Record<RecapKind, string> = {
  wishes: 'M4 11h16v9H4zM3 7h18v4H3zM12 7v13M12 7c-2-4-6-4-6-1s6 1 6 1 6 2 6-1-4-3-6 1',
  news: 'm12 3 2.7 5.6 6.1.8-4.4 4.3 1 6.1L12 17l-5.5 2.8 1-6.1L3.2 9.4l6.1-.8z',
  questions: 'M9 9a3 3 0 1 1 4 2.8c-.6.3-1 .9-1 1.6V14M12 18h.01',
  promises: 'M14 4c1 1 3 1 4 0M16 4v3M8.5 20.5 3.5 15.5 14 6l4 4z',
};

/** The recap for a child named by the caller: the parent's profile, or a shared keepsake's name. */
export function RecapList({
  recap,
  name,
  className = 'mt-4',
}: {
  recap: CallRecap | null;
  name: string | null;
  className?: string;
}) {
  if (!recap || isEmptyRecap(recap)) return null;
  const heading = name ? `What ${name} told Santa` : 'What your child told Santa';
  return (
    <section aria-label={heading} className={`${className} rounded-xl bg-snow p-4 ring-1 ring-santa-100`}>
      <h3 className="font-display text-lg font-bold text-santa-800">{heading}</h3>
      <dl className="mt-2 grid gap-3 sm:grid-cols-2">
        {RECAP_KINDS.filter((kind) => recap[kind].length > 0).map((kind) => (
          <div key={kind}>
            <dt className="flex items-center gap-1.5 text-xs font-bold tracking-wide text-pine-700 uppercase">
              <PathIcon d={ICON_PATHS[kind]} className="h-4 w-4" />
              {RECAP_HEADINGS[kind]}
            </dt>
            {recap[kind].map((line) => (
              <dd key={line} className="mt-1 text-gray-800">
                <q>{line}</q>
              </dd>
            ))}
          </div>
        ))}
      </dl>
    </section>
  );
}
