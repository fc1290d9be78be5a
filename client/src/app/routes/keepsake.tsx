import { useParams } from 'react-router';
import { KeepsakePage } from '@/features/keepsakes/components/keepsake-page';
import { AuthShell } from '../auth-shell';

/** A shared call, for anyone holding its link: no sign-in, its own small chunk. */
export function KeepsakeRoute() {
  const { token = '' } = useParams();
  return (
    <AuthShell>
      <KeepsakePage key={token} token={token} />
    </AuthShell>
  );
}
