import { AccountPrivacyPage } from '@/features/privacy/components/account-privacy-page';
import { SignedInPage } from '../signed-in-page';

/** Signed-in only (the router guards it). */
export function AccountPrivacyRoute() {
  return (
    <SignedInPage title="Privacy">
      {(user) => <AccountPrivacyPage hasPassword={user.has_password} />}
    </SignedInPage>
  );
}
