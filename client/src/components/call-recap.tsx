import {
  RECAP_HEADINGS,
  RECAP_KINDS,
  isEmptyRecap,
  type CallRecap,
  type RecapKind,
} from '@santa/shared/recap';
import { useKidProfile } from '@/lib/queries/kid-profile';

const ICONS: Record<RecapKind, string> = {
  wishes: '🎁',
  news: '⭐',
  questions: '❓',
  promises: '🥕',
};

/**
 * "What Olivia told Santa": the child's own words from the call, by kind. Shown on the dashboard's
 * call history and on the Calls page; nothing at all before the summary is written.
 */
export function CallRecapSection({ recap }: { recap: CallRecap | null }) {
  const profile = useKidProfile();
  if (!recap || isEmptyRecap(recap)) return null;
  const name = profile.data?.profile?.kid_name.trim() || 'your child';
  const heading = name === 'your child' ? 'What your child told Santa' : `What ${name} told Santa`;
  return (
    <section aria-label={heading} className="mt-4 rounded-xl bg-snow p-4 ring-1 ring-santa-100">
      <h3 className="font-display text-lg font-bold text-santa-800">{heading}</h3>
      <dl className="mt-2 grid gap-3 sm:grid-cols-2">
        {RECAP_KINDS.filter((kind) => recap[kind].length > 0).map((kind) => (
          <div key={kind}>
            <dt className="flex items-center gap-1.5 text-xs font-bold tracking-wide text-pine-700 uppercase">
              <span aria-hidden="true">{ICONS[kind]}</span>
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
