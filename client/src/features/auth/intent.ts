import type { User } from '@santa/shared/auth';
import { paths } from '@/lib/paths';

/**
 * Why a visitor came to sign up ("sample": the free sample call), carried in the URL through the
 * password sign-up, and across the Google round trip in this tab's storage.
 */
export type SignUpIntent = 'sample';

const STORAGE_KEY = 'santa-calls:sign-up-intent';

export function intentFromSearch(search: string): SignUpIntent | null {
  return new URLSearchParams(search).get('intent') === 'sample' ? 'sample' : null;
}

/** Kept just before leaving for Google, which returns to a URL of the server's choosing. */
export function rememberIntentForRedirect(intent: SignUpIntent | null) {
  try {
    if (intent) sessionStorage.setItem(STORAGE_KEY, intent);
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage may be off; the parent then lands on the dashboard, which offers the sample too.
  }
}

/** The intent kept for the Google return, read once. */
export function takeRememberedIntent(): SignUpIntent | null {
  try {
    const intent = sessionStorage.getItem(STORAGE_KEY);
    sessionStorage.removeItem(STORAGE_KEY);
    return intent === 'sample' ? 'sample' : null;
  } catch {
    return null;
  }
}

/** The redeem page of a gift the visitor left to sign in (`?gift=<code>`), if any. */
export function giftReturnPath(search: string): string | null {
  const code = new URLSearchParams(search).get('gift');
  return code && /^[A-Za-z0-9_-]{20,100}$/.test(code) ? `/gift/${code}` : null;
}

/** The invitation to listen the visitor left to sign in (`?listen=1`): its token waits in this tab. */
export function listenReturnPath(search: string): string | null {
  return new URLSearchParams(search).get('listen') === '1' ? paths.listen : null;
}

/**
 * Where sign-in lands: the admin in the admin panel, a gift's recipient back on its redeem page,
 * an invited grandparent back on the invitation, a parent who came for the sample in the first run.
 */
export function afterSignInPath(
  user: Pick<User, 'is_admin'>,
  intent: SignUpIntent | null,
  search = '',
): string {
  if (user.is_admin) return paths.admin;
  const gift = giftReturnPath(search);
  if (gift) return gift;
  const listen = listenReturnPath(search);
  if (listen) return listen;
  if (intent === 'sample') return `${paths.welcome}?intent=sample`;
  return paths.dashboard;
}
