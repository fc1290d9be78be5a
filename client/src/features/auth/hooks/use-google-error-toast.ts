import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';

export const GOOGLE_SIGN_IN_FAILED = 'Google sign-in did not complete. Please try again.';

/** The API sends a failed Google sign-in back to /auth?error=google; say so once, then tidy the URL. */
export function useGoogleErrorToast() {
  const [searchParams, setSearchParams] = useSearchParams();
  const hasGoogleError = searchParams.get('error') === 'google';
  useEffect(() => {
    if (!hasGoogleError) return;
    // A fixed id keeps a double-mounted effect from showing it twice.
    toast.error(GOOGLE_SIGN_IN_FAILED, { id: 'google-sign-in-failed' });
    setSearchParams(
      (params) => {
        params.delete('error');
        return params;
      },
      { replace: true },
    );
  }, [hasGoogleError, setSearchParams]);
}
