import type { RefObject } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { LogIn, LogOut } from 'lucide-react';
import type { CurrentUser } from '@contracts/auth';
import { paths, registerPath, signInPath } from '@contracts/paths';
import { Button } from '@web/components/ui/button';
import { Sheet, SheetContent, SheetHeader, SheetTitle } from '@web/components/ui/sheet';
import { cn } from '@web/lib/utils';
import { accountLinks, displayName, UserAvatar } from './account';
import { NAV_ITEMS } from './nav-items';
import { clearOfflineDataThenFollow } from '@web/lib/offline/offline-store';

const drawerLinkClass = 'flex items-center gap-3 rounded-md px-3 py-3 text-base font-medium hover:bg-muted';

/** Product §2: on small screens a side drawer repeats the navigation and the account entries. */
export function MobileMenuDrawer({
  user,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  user: CurrentUser | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  // Following a link closes the drawer; the full-page links (Log In, Log out) leave the app anyway.
  const close = () => onOpenChange(false);
  const location = useLocation();
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        closeLabel="Close menu"
        aria-describedby={undefined}
        // The trigger lives outside this lazily loaded dialog, so focus is returned to it by hand.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
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
                  <a href={paths.apiLogout} onClick={clearOfflineDataThenFollow} className={drawerLinkClass}>
                    <LogOut aria-hidden="true" className="size-5" />
                    Log out
                  </a>
                </li>
              </ul>
            </section>
          ) : (
            <div className="grid gap-2">
              <Button asChild variant="outline" size="lg">
                <a href={signInPath(`${location.pathname}${location.search}`)}>
                  <LogIn aria-hidden="true" />
                  Log In
                </a>
              </Button>
              <Button asChild size="lg">
                <Link to={registerPath(null, `${location.pathname}${location.search}`)} onClick={close}>
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
