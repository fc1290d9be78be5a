import type { CallRecap } from '@santa/shared/recap';
import { RecapList } from './recap-list';

/**
 * "What Olivia told Santa": the child's own words from the call, by kind, named for the child who
 * spoke (decision 0024). Shown on the dashboard's call history and on the Calls page; nothing at
 * all before the summary is written.
 */
export function CallRecapSection({
  recap,
  childName,
}: {
  recap: CallRecap | null;
  childName: string | null;
}) {
  return <RecapList recap={recap} name={childName?.trim() || null} />;
}
