import { ChildrenPage } from '@/features/profile/components/children/children-page';
import { SignedInPage } from '../signed-in-page';

/** Signed-in only (the router guards it). */
export function ChildrenRoute() {
  return <SignedInPage title="Your children">{() => <ChildrenPage />}</SignedInPage>;
}
