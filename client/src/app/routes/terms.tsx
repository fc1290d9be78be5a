import { TermsPage } from '@/features/privacy/components/terms-page';

/** Open to anyone. */
export function TermsRoute() {
  return <TermsPage />;
}
