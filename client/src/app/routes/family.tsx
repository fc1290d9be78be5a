import { FamilyPage } from '@/features/family/components/family-page';
import { SignedInPage } from '../signed-in-page';

/** Signed-in only (the router guards it). */
export function FamilyRoute() {
  return <SignedInPage title="Family & listeners">{() => <FamilyPage />}</SignedInPage>;
}
