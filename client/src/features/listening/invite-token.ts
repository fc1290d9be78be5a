const STORAGE_KEY = 'santa-calls:listen-token';

/**
 * The invitation's token: from the link's #fragment (kept in this tab, and taken out of the
 * address so it is not bookmarked or shared), or kept from before the visitor left to sign in.
 */
export function takeTokenFromLocation(): string | null {
  const fromLink = new URLSearchParams(window.location.hash.slice(1)).get('token');
  try {
    if (fromLink) {
      sessionStorage.setItem(STORAGE_KEY, fromLink);
      window.history.replaceState(null, '', window.location.pathname + window.location.search);
    }
    return fromLink ?? sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return fromLink;
  }
}

export function forgetToken() {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage may be off: nothing was kept.
  }
}
