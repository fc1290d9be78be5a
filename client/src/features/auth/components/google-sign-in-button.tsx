import { GoogleIcon } from '@/components/ui/icons';
import { rememberIntentForRedirect, type SignUpIntent } from '../intent';

/** Spec §7: Google sign-in is a full-page redirect; the API starts the flow and returns to /dashboard. */
export const GOOGLE_SIGN_IN_URL = '/api/auth/google';

export function GoogleSignInButton({
  disabled,
  intent,
}: {
  disabled?: boolean;
  intent: SignUpIntent | null;
}) {
  return (
    <button
      type="button"
      disabled={disabled}
      onClick={() => {
        rememberIntentForRedirect(intent);
        window.location.assign(GOOGLE_SIGN_IN_URL);
      }}
      className="inline-flex w-full items-center justify-center gap-3 rounded-full border-2 border-gray-300 bg-white min-h-11 px-5 py-2.5 font-semibold text-ink shadow-sm transition-colors hover:bg-gray-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink disabled:cursor-not-allowed disabled:opacity-60"
    >
      <GoogleIcon />
      Continue with Google
    </button>
  );
}
