import { ForgotPasswordCard } from '@/features/auth/components/forgot-password-card';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AuthShell } from '../auth-shell';

export function ForgotPasswordRoute() {
  useDocumentTitle('Forgot your password');
  return (
    <AuthShell>
      <ForgotPasswordCard />
    </AuthShell>
  );
}
