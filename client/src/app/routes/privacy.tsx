import { PrivacyPage } from '@/features/privacy/components/privacy-page';

/** Open to anyone: parents read it before they sign up. */
export function PrivacyRoute() {
  return <PrivacyPage />;
}
