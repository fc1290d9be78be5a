import { SetupProfilePage } from '@/features/profile/components/setup-profile-page';
import { SignedInPage } from '../signed-in-page';

/** Signed-in only (the router guards it). */
export function SetupProfileRoute() {
  return <SignedInPage title="Your child's profile">{() => <SetupProfilePage />}</SignedInPage>;
}
