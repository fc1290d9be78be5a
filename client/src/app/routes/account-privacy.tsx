import { useUser } from '@/features/auth/api/get-me';
import { AccountPrivacyPage } from '@/features/privacy/components/account-privacy-page';
import { SignedInHeader } from '../signed-in-header';

/** Signed-in only (the router guards it). */
export function AccountPrivacyRoute() {
  const { data: user } = useUser();
  if (!user) return null;
  return (
    <div className="min-h-screen bg-snow">
      <SignedInHeader user={user} current="account" />
      <AccountPrivacyPage hasPassword={user.has_password} />
    </div>
  );
}
