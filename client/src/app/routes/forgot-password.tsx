import { ForgotPasswordCard } from '@/features/auth/components/forgot-password-card';
import { AuthShell } from '../auth-shell';

export function ForgotPasswordRoute() {
  return (
    <AuthShell>
      <ForgotPasswordCard />
    </AuthShell>
  );
}
