import { lazy, Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { HeartHandshake, LogIn, LogOut, Menu } from 'lucide-react';
import type { CurrentUser } from '@contracts/auth';
import { paths } from '@contracts/paths';
import { PRODUCT_NAME } from '@contracts/pricing';
import { Button } from '@web/components/ui/button';
import { Sheet, SheetContent, SheetHeader, SheetTitle, SheetTrigger } from '@web/components/ui/sheet';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/utils';
import { accountLinks, displayName, UserAvatar } from './account';

const AccountMenu = lazy(async () => ({ default: (await import('./account-menu')).AccountMenu }));

const NAV_ITEMS = [
  { label: 'Home', to: paths.home },
  { label: 'Find Care', to: paths.pricing },
  { label: 'Become a Carer', to: paths.carerSignup },
  { label: 'About', to: paths.about },
  { label: 'Admin Login', to: paths.adminLogin },
] as const;

function Logo() {
  return (
    <Link to={paths.home} className="flex items-center gap-2 rounded-md text-lg font-bold text-primary">
      <HeartHandshake aria-hidden="true" className="size-7" />
      {/* Between md and lg the full navigation needs the room; the name stays for screen readers. */}
      <span className="md:max-lg:sr-only">{PRODUCT_NAME}</span>
    </Link>
  );
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-2 py-1 text-sm font-medium whitespace-nowrap transition-colors hover:text-primary',
    isActive ? 'text-primary underline decoration-2 underline-offset-8' : 'text-muted-foreground',
  );

function SignedOutActions({ className }: { className?: string }) {
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <Button asChild variant="ghost">
        {/* A full-page navigation to the server's sign-in, not a client route. */}
        <a href={paths.apiLogin}>Log In</a>
      </Button>
      <Button asChild>
        <Link to={paths.pricing}>Get Started</Link>
      </Button>
    </div>
  );
}

const drawerLinkClass = 'flex items-center gap-3 rounded-md px-3 py-3 text-base font-medium hover:bg-muted';

function MobileMenu({ user }: { user: CurrentUser | null }) {
  const [open, setOpen] = useState(false);
  // Following a link closes the drawer; the full-page links (Log In, Log out) leave the app anyway.
  const close = () => setOpen(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
          <Menu aria-hidden="true" className="size-6" />
        </Button>
      </SheetTrigger>
      <SheetContent side="right" closeLabel="Close menu" aria-describedby={undefined}>
        <SheetHeader>
          <SheetTitle>Menu</SheetTitle>
        </SheetHeader>
        <nav aria-label="Main">
          <ul className="grid gap-1">
            {NAV_ITEMS.map(({ label, to }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end={to === paths.home}
                  onClick={close}
                  className={({ isActive }) =>
                    cn(drawerLinkClass, isActive && 'bg-secondary text-secondary-foreground')
                  }
                >
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-t border-border pt-4">
          {user ? (
            <section aria-label="Your account" className="grid gap-1">
              <div className="flex items-center gap-3 px-3 pb-3">
                <UserAvatar user={user} />
                <div className="grid min-w-0">
                  <span className="truncate font-medium">{displayName(user)}</span>
                  <span className="truncate text-sm text-muted-foreground">{user.email}</span>
                </div>
              </div>
              <ul className="grid gap-1">
                {accountLinks(user).map(({ label, to, icon: Icon }) => (
                  <li key={to}>
                    <Link to={to} onClick={close} className={drawerLinkClass}>
                      <Icon aria-hidden="true" className="size-5" />
                      {label}
                    </Link>
                  </li>
                ))}
                <li>
                  <a href={paths.apiLogout} className={drawerLinkClass}>
                    <LogOut aria-hidden="true" className="size-5" />
                    Log out
                  </a>
                </li>
              </ul>
            </section>
          ) : (
            <div className="grid gap-2">
              <Button asChild variant="outline" size="lg">
                <a href={paths.apiLogin}>
                  <LogIn aria-hidden="true" />
                  Log In
                </a>
              </Button>
              <Button asChild size="lg">
                <Link to={paths.pricing} onClick={close}>
                  Get Started
                </Link>
              </Button>
            </div>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}

const headerClass = 'sticky top-0 z-40 border-b border-border bg-background';
const barClass =
  'mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 md:px-4 lg:px-8';

function SiteHeaderSkeleton() {
  return (
    <header aria-busy="true" className={headerClass}>
      <div className={barClass}>
        <Logo />
        <span className="sr-only">Loading your account</span>
        <div className="hidden items-center gap-6 md:flex">
          {NAV_ITEMS.map(({ to }) => (
            <Skeleton key={to} className="h-4 w-16" />
          ))}
        </div>
        <Skeleton className="size-9 rounded-full" />
      </div>
    </header>
  );
}

type SiteHeaderProps = {
  user: CurrentUser | null;
  /** True while the current-user fetch is under way: a skeleton shows instead. */
  isLoading: boolean;
};

export function SiteHeader({ user, isLoading }: SiteHeaderProps) {
  if (isLoading) return <SiteHeaderSkeleton />;
  return (
    <header className={headerClass}>
      <div className={barClass}>
        <Logo />
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1 lg:gap-4">
            {NAV_ITEMS.map(({ label, to }) => (
              <li key={to}>
                <NavLink to={to} end={to === paths.home} className={navLinkClass}>
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          {user ? (
            <Suspense fallback={<Skeleton className="size-9 rounded-full" />}>
              <AccountMenu user={user} />
            </Suspense>
          ) : (
            <SignedOutActions className="hidden md:flex" />
          )}
          <MobileMenu user={user} />
        </div>
      </div>
    </header>
  );
}
