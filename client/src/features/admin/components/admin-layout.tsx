import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { ADMIN_DENIED_MESSAGE } from '@santa/shared/admin';
import { ButtonLink } from '@/components/ui/button';
import { SiteHeader } from '@/components/site-header';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Spec §5: a non-admin is told and sent to the dashboard. */
export function useRejectNonAdmin(isAdmin: boolean | undefined) {
  const navigate = useNavigate();
  useEffect(() => {
    if (isAdmin !== false) return;
    toast.error(ADMIN_DENIED_MESSAGE, { id: 'admin-denied' });
    void navigate(paths.dashboard, { replace: true });
  }, [isAdmin, navigate]);
}

export function AdminLayout({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="min-h-screen bg-snow">
      <SiteHeader>
        <ButtonLink to={paths.dashboard} variant="outline" size="sm">
          Dashboard
        </ButtonLink>
      </SiteHeader>
      <main className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
        <h1 className="font-display text-3xl font-bold text-santa-700 sm:text-4xl">{title}</h1>
        {children}
      </main>
    </div>
  );
}
