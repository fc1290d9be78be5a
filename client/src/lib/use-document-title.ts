import { useEffect } from 'react';

export const SITE_NAME = 'Santa Calls';

/** "Calls · Santa Calls": each screen names itself in the tab, the history and screen readers. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title === SITE_NAME ? title : `${title} · ${SITE_NAME}`;
  }, [title]);
}
