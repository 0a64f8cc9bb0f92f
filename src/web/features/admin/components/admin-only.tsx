import type { ReactNode } from 'react';
import { ShieldAlert } from 'lucide-react';
import { useLocation } from 'react-router';
import { ADMIN_TEXT } from '@contracts/admin';
import { paths } from '@contracts/paths';
import { Button } from '@web/components/ui/button';
import { useAuth } from '@web/lib/auth';

/**
 * Product §2 (Admin screens): "Admin Access Required", for anyone who is not signed in with the admin role.
 * The role comes from the server's current-user answer only (product.md, difference 2): no browser flag
 * grants anything, and every admin call is refused by the server to anyone else anyway.
 */
export function AdminAccessRequired() {
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <ShieldAlert aria-hidden="true" className="size-12 text-muted-foreground" />
      <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">{ADMIN_TEXT.accessRequiredTitle}</h1>
      <p className="mt-3 text-muted-foreground">{ADMIN_TEXT.accessRequiredBody}</p>
      <Button asChild className="mt-8">
        {/* A full-page navigation: the server answers /api/login with the sign-in page. */}
        <a href={`${paths.apiLogin}?returnTo=${encodeURIComponent(returnTo)}`}>{ADMIN_TEXT.loginAsAdmin}</a>
      </Button>
    </div>
  );
}

/** Shows its children to a signed-in admin only; everyone else sees the access-required state. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (user?.role !== 'admin') return <AdminAccessRequired />;
  return <>{children}</>;
}
