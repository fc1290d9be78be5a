import { useParams } from 'react-router';
import { useUser } from '@/features/auth/api/get-me';
import { RedeemGiftPage } from '@/features/gifts/components/redeem-gift-page';
import { AuthShell } from '../auth-shell';

/** A gift's redeem link: anyone holding it sees the gift; redeeming needs an account. */
export function RedeemGiftRoute() {
  const { code = '' } = useParams();
  const { data: user, isPending } = useUser();
  return (
    <AuthShell>{isPending ? null : <RedeemGiftPage key={code} code={code} isSignedIn={!!user} />}</AuthShell>
  );
}
