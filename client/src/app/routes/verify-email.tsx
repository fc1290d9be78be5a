import { VerifyEmailCard } from '@/features/auth/components/verify-email-card';
import { AuthShell } from '../auth-shell';

export function VerifyEmailRoute() {
  return (
    <AuthShell>
      <VerifyEmailCard />
    </AuthShell>
  );
}
