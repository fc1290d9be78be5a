import { ResetPasswordCard } from '@/features/auth/components/reset-password-card';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AuthShell } from '../auth-shell';

export function ResetPasswordRoute() {
  useDocumentTitle('Choose a new password');
  return (
    <AuthShell>
      <ResetPasswordCard />
    </AuthShell>
  );
}
