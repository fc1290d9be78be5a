import type { ReactNode } from 'react';
import type { User } from '@santa/shared/auth';
import { useUser } from '@/features/auth/api/get-me';
import { useDocumentTitle } from '@/lib/use-document-title';
import { SignedInHeader } from './signed-in-header';

/** A signed-in screen: its title in the tab, the shared header, then the page. */
export function SignedInPage({ title, children }: { title: string; children: (user: User) => ReactNode }) {
  const { data: user } = useUser();
  useDocumentTitle(title);
  // The router's guard renders this only once someone is signed in.
  if (!user) return null;
  return (
    <div className="min-h-screen bg-snow">
      <SignedInHeader user={user} />
      {children(user)}
    </div>
  );
}
