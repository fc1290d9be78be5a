import { VerifyEmailCard } from '@/features/auth/components/verify-email-card';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AuthShell } from '../auth-shell';

export function VerifyEmailRoute() {
  useDocumentTitle('Confirm your email');
  return (
    <AuthShell>
      <VerifyEmailCard />
    </AuthShell>
  );
}
