import { SiteHeader } from '@/components/site-header';
import { CallsPage } from '@/features/calls/components/calls-page';

/** Signed-in only (the router guards it). */
export function CallsRoute() {
  return (
    <div className="min-h-screen bg-snow">
      <SiteHeader />
      <CallsPage />
    </div>
  );
}
