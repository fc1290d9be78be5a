import { useUser } from '@/features/auth/api/get-me';
import { AcceptInvitePage } from '@/features/listening/components/accept-invite-page';
import { AuthShell } from '../auth-shell';

/** An invitation to listen: anyone holding the link sees it; accepting needs an account. */
export function ListenRoute() {
  const { data: user, isPending } = useUser();
  return <AuthShell>{isPending ? null : <AcceptInvitePage isSignedIn={!!user} />}</AuthShell>;
}
