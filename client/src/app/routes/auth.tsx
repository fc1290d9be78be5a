import { AuthCard } from '@/features/auth/components/auth-card';
import { useGoogleErrorToast } from '@/features/auth/hooks/use-google-error-toast';
import { AuthShell } from '../auth-shell';

export function AuthRoute() {
  useGoogleErrorToast();
  return (
    <AuthShell>
      <AuthCard />
    </AuthShell>
  );
}
