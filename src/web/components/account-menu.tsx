import { useState } from 'react';
import { Link } from 'react-router';
import { LogOut } from 'lucide-react';
import type { CurrentUser } from '@contracts/auth';
import { paths } from '@contracts/paths';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { accountLinks, accountMenuLabel, displayName, UserAvatar } from './account';
import { clearOfflineDataThenFollow } from '@web/lib/offline/offline-store';

/** The signed-in avatar menu. Loaded on demand: signed-out visitors never need its code. */
export function AccountMenu({ user }: { user: CurrentUser }) {
  // The menu renders inside the header so it stays within the banner landmark, and is non-modal
  // so the page is not hidden from assistive technology while it is open.
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  return (
    <div ref={setContainer}>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="rounded-full" aria-label={accountMenuLabel(user)}>
            <UserAvatar user={user} />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="max-w-72" container={container}>
          <DropdownMenuLabel className="grid gap-0.5">
            <span className="truncate font-medium">{displayName(user)}</span>
            <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          {accountLinks(user).map(({ label, to, icon: Icon }) => (
            <DropdownMenuItem key={to} asChild>
              <Link to={to}>
                <Icon aria-hidden="true" />
                {label}
              </Link>
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            {/* A full-page navigation: the server ends the session and redirects. */}
            <a href={paths.apiLogout} onClick={clearOfflineDataThenFollow}>
              <LogOut aria-hidden="true" />
              Log out
            </a>
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
