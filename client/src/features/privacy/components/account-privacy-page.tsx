import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { DeleteAccountCard, DeleteCallsCard, DeleteChildProfileCard } from './deletion-cards';
import { ExportCard } from './export-card';
import { linkClass } from './legal-page';

/** Account → Privacy: the family's download and the parent's own deletions. */
export function AccountPrivacyPage({ hasPassword }: { hasPassword: boolean }) {
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-10 sm:px-6">
      <div>
        <p>
          <Link to={paths.account} className={`inline-flex min-h-tap items-center ${linkClass}`}>
            ← Account
          </Link>
        </p>
        <h1 className="mt-2 font-display text-3xl font-bold text-ink">Privacy</h1>
        <p className="mt-1 text-ink/75">
          Your family&apos;s data is yours. Download it or delete it here. What we keep and for how long is in
          our{' '}
          <Link to={paths.privacy} className={linkClass}>
            privacy notice
          </Link>
          .
        </p>
      </div>
      <ExportCard />
      <DeleteCallsCard hasPassword={hasPassword} />
      <DeleteChildProfileCard hasPassword={hasPassword} />
      <DeleteAccountCard hasPassword={hasPassword} />
    </main>
  );
}
