import { useEffect, useState } from 'react';

const tokenInHash = () => new URLSearchParams(window.location.hash.slice(1)).get('token');

/**
 * The single-use token of an emailed link, read from the URL's #fragment (which browsers never
 * send to a server or in a Referer), then taken out of the address bar and history.
 */
export function useLinkToken(): string | null {
  const [token] = useState(tokenInHash);
  useEffect(() => {
    if (tokenInHash()) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);
  return token;
}
