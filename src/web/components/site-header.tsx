import { lazy, Suspense, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { HeartHandshake, Menu, MessageSquare } from 'lucide-react';
import type { CurrentUser } from '@contracts/auth';
import { paths, registerPath, signInPath } from '@contracts/paths';
import { PRODUCT_NAME } from '@contracts/brand';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/utils';
import { unreadLabel, useUnreadCount } from '@web/features/messaging/api/messaging-api';
import { NAV_ITEMS } from './nav-items';

const AccountMenu = lazy(async () => ({ default: (await import('./account-menu')).AccountMenu }));

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
  // Signing in, or registering and confirming the email, brings the visitor back to this page.
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <Button asChild variant="ghost">
        {/* A full-page navigation to the server's sign-in, not a client route. */}
        <a href={signInPath(here)}>Log In</a>
      </Button>
      <Button asChild>
        {/* Registration, where the visitor says whether they look for care or offer it. */}
        <Link to={registerPath(null, here)}>Get Started</Link>
      </Button>
    </div>
  );
}

/** The inbox link with its unread count, kept current by the live event stream. */
function MessagesLink() {
  const unread = useUnreadCount(true).data?.unread ?? 0;
  return (
    <Button asChild variant="ghost" size="icon" className="relative">
      <NavLink to={paths.messages} aria-label={unread > 0 ? `Messages, ${unreadLabel(unread)}` : 'Messages'}>
        <MessageSquare aria-hidden="true" className="size-5" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="unread-badge"
            className="absolute -top-0.5 -right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-xs leading-5 font-semibold text-destructive-foreground"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </NavLink>
    </Button>
  );
}

/** The drawer's code (Radix Dialog) loads on the first tap, keeping it out of every page's first load. */
const MobileMenuDrawer = lazy(async () => ({
  default: (await import('./mobile-menu-drawer')).MobileMenuDrawer,
}));

function MobileMenu({ user }: { user: CurrentUser | null }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={triggerRef}
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" className="size-6" />
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <MobileMenuDrawer user={user} open={open} onOpenChange={setOpen} returnFocusTo={triggerRef} />
        </Suspense>
      ) : null}
    </>
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
          {user && user.role !== 'admin' ? <MessagesLink /> : null}
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
