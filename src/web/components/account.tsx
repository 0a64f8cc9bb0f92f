// What the header shows of the signed-in person, shared by the avatar menu and the mobile drawer.
import type { ComponentType } from 'react';
import {
  CalendarDays,
  ClipboardList,
  FileText,
  Heart,
  LayoutDashboard,
  MessageSquare,
  Search,
  Settings,
  UserRound,
} from 'lucide-react';
import type { CurrentUser } from '@contracts/auth';
import { paths } from '@contracts/paths';
import { Avatar, AvatarFallback, AvatarImage } from '@web/components/ui/avatar';
import { initialsOf } from '@web/lib/format';
import { CARE_REQUESTS_PATH } from '@web/lib/care-requests-path';
import { CARE_ARRANGEMENTS_NAME } from '@contracts/site-texts';

export type AccountLink = { label: string; to: string; icon: ComponentType<{ className?: string }> };

/** Product §2, Header and footer: the avatar menu's entries depend on who is signed in. */
export function accountLinks(user: CurrentUser): AccountLink[] {
  const links: AccountLink[] = [];
  if (user.userType === 'customer') {
    links.push({ label: 'Find Care', to: paths.customerDashboard, icon: Search });
  }
  if (user.role === 'customer') {
    links.push({ label: 'Saved Carers', to: paths.saved, icon: Heart });
    // What the family asked for and who answered.
    links.push({ label: 'Care Requests', to: CARE_REQUESTS_PATH, icon: ClipboardList });
    // The arrangements agreed with carers and the visits to come.
    links.push({ label: CARE_ARRANGEMENTS_NAME, to: paths.myCare, icon: CalendarDays });
  }
  if (user.userType === 'carer')
    links.push({ label: 'My Profile', to: paths.carerDashboard, icon: UserRound });
  // Timesheets to submit or approve, and the invoices they became (decision 0038).
  if (user.role === 'customer' || user.role === 'carer') {
    links.push({ label: 'Timesheets & Invoices', to: paths.timesheets, icon: FileText });
  }
  // Everyone but admins has an inbox.
  if (user.role !== 'admin') links.push({ label: 'Messages', to: paths.messages, icon: MessageSquare });
  if (user.role === 'admin') {
    links.push({ label: 'Admin Dashboard', to: paths.adminDashboard, icon: LayoutDashboard });
  }
  links.push({ label: 'Settings', to: paths.settings, icon: Settings });
  return links;
}

/** Full name, or the email when there is no name. */
export function displayName(user: CurrentUser): string {
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return fullName || user.email;
}

/** Initials of first and last name, 'U' when there are none. */
/** Avatar initials, 'U' when the account has no name (product §2, Header and footer). */
export function initials(user: Pick<CurrentUser, 'firstName' | 'lastName'>): string {
  return initialsOf(user, 'U');
}

/**
 * The account menu button's accessible name: it starts with the initials the button shows, so
 * someone who says what they see ("click N H") reaches it (WCAG 2.5.3 Label in Name, decision 0020).
 */
export function accountMenuLabel(user: Pick<CurrentUser, 'firstName' | 'lastName'>): string {
  return `${initials(user)} – Account menu`;
}

/** Decorative: whatever holds it carries the accessible name. */
export function UserAvatar({ user, className }: { user: CurrentUser; className?: string }) {
  return (
    <Avatar className={className}>
      {user.profileImageUrl ? <AvatarImage src={user.profileImageUrl} alt="" /> : null}
      <AvatarFallback aria-hidden="true">{initials(user)}</AvatarFallback>
    </Avatar>
  );
}
