import type { CallRecap } from '@santa/shared/recap';
import { useKidProfile } from '@/lib/queries/kid-profile';
import { RecapList } from './recap-list';

/**
 * "What Olivia told Santa": the child's own words from the call, by kind. Shown on the dashboard's
 * call history and on the Calls page; nothing at all before the summary is written.
 */
export function CallRecapSection({ recap }: { recap: CallRecap | null }) {
  const profile = useKidProfile();
  return <RecapList recap={recap} name={profile.data?.profile?.kid_name.trim() || null} />;
}
