import { SiteHeader } from '@/components/site-header';
import { SetupProfilePage } from '@/features/profile/components/setup-profile-page';

/** Signed-in only (the router guards it). */
export function SetupProfileRoute() {
  return (
    <div className="min-h-screen bg-snow">
      <SiteHeader />
      <SetupProfilePage />
    </div>
  );
}
