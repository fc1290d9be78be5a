import { ChangePasswordCard } from '@/features/account/components/change-password-card';
import { EmailAddressCard } from '@/features/account/components/email-address-card';
import { EmailPreferencesCard } from '@/features/account/components/email-preferences-card';
import { FamilyLineAccess } from '@/features/account/components/line-access-card';
import { SignedInDevices } from '@/features/account/components/signed-in-devices';
import { RecordingRetentionCard } from '@/features/privacy/components/recording-retention-card';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { paths } from '@/lib/paths';
import { SignedInPage } from '../signed-in-page';

/** Signed-in only (the router guards it): the parent's account, emails and devices. */
export function AccountRoute() {
  return (
    <SignedInPage title="Account">
      {(user) => (
        <main className="mx-auto max-w-3xl space-y-6 px-4 py-10 sm:px-6">
          <div>
            <h1 className="font-display text-3xl font-bold text-ink">Account</h1>
            <p className="mt-1 text-ink/75">
              {user.name} · {user.email}
            </p>
          </div>
          <FamilyLineAccess />
          <EmailAddressCard user={user} />
          <ChangePasswordCard user={user} />
          <EmailPreferencesCard />
          <RecordingRetentionCard />
          <SignedInDevices />
          <Card className="flex flex-col gap-2" role="region" aria-label="Privacy">
            <h2 className="font-display text-xl font-bold text-santa-800">Privacy</h2>
            <p className="text-gray-700">Download everything we hold about your family, or delete it.</p>
            <Link
              to={paths.accountPrivacy}
              className="inline-flex min-h-tap items-center self-start font-semibold text-santa-700 underline underline-offset-4 hover:text-santa-800"
            >
              Account → Privacy
            </Link>
          </Card>
        </main>
      )}
    </SignedInPage>
  );
}
