import { ResetPasswordCard } from '@/features/auth/components/reset-password-card';
import { AuthShell } from '../auth-shell';

export function ResetPasswordRoute() {
  return (
    <AuthShell>
      <ResetPasswordCard />
    </AuthShell>
  );
}
