import type { ReactNode } from 'react';
import type { CurrentUser } from '@contracts/auth';
import { TWO_FACTOR_MESSAGES } from '@contracts/auth-two-factor';
import { PUSH_MESSAGES } from '@contracts/push';
import { CalendarFeedSection } from './calendar-feed-section';
import { CircleMembershipsSection } from './circle-memberships-section';
import { DataSection } from './data-section';
import { DeleteAccountSection } from './delete-account-section';
import { EmailSection } from './email-section';
import { FamilyCircleSection } from './family-circle-section';
import { MembershipSection } from './membership-section';
import { NotificationsSection } from './notifications-section';
import { PasswordSection } from './password-section';
import { ProfileSection } from './profile-section';
import { PushSection } from './push-section';
import { RequestAlertsSection } from './request-alerts-section';
import { SEARCH_PLACE_SECTION_ID, SearchPlaceSection } from './search-place-section';
import { SessionsSection } from './sessions-section';
import { SubscriptionSection } from './subscription-section';
import { TwoFactorSection } from './two-factor-section';

/** What decides which sections a person has. */
export type SettingsContext = {
  user: CurrentUser;
  /** The family's or carer's place for the carer search; undefined while loading. */
  place: string | null | undefined;
  hasSearchPlace: boolean;
  /** A carer with a profile (request alerts and the membership are a profile's). */
  hasCarerProfile: boolean;
  /** Someone in another family's circle. */
  inOtherCircles: boolean;
};

export type SettingsSectionEntry = {
  /** The section's element id: the menu's link is /settings#<id>. */
  id: string;
  /** The menu's words for it: the section's heading. */
  title: string;
  shown?: (context: SettingsContext) => boolean;
  render: (context: SettingsContext) => ReactNode;
};

/**
 * The settings page's sections in their order: the page shows them, and its section menu links to
 * them, from this one list. A new section is one entry here.
 */
export const SETTINGS_SECTIONS: readonly SettingsSectionEntry[] = [
  { id: 'profile', title: 'Profile', render: ({ user }) => <ProfileSection key={user.id} user={user} /> },
  {
    id: SEARCH_PLACE_SECTION_ID,
    title: 'Carer search',
    shown: (context) => context.hasSearchPlace,
    render: ({ place }) => <SearchPlaceSection place={place} />,
  },
  {
    id: 'request-alerts',
    title: 'Care request emails',
    shown: (context) => context.hasCarerProfile,
    render: () => <RequestAlertsSection />,
  },
  {
    id: 'subscription',
    title: 'Subscription',
    shown: ({ user }) => user.role === 'customer',
    render: () => <SubscriptionSection />,
  },
  {
    id: 'membership',
    title: 'Membership',
    shown: (context) => context.hasCarerProfile,
    render: () => <MembershipSection />,
  },
  // The family circle (decision 0036): one's own, and the circles one is in.
  {
    id: 'family-circle',
    title: 'Family circle',
    shown: ({ user }) => user.role === 'customer',
    render: () => <FamilyCircleSection />,
  },
  {
    id: 'circles-you-are-in',
    title: 'Family circles you are in',
    shown: (context) => context.inOtherCircles,
    render: () => <CircleMembershipsSection />,
  },
  { id: 'notifications', title: 'Email notifications', render: () => <NotificationsSection /> },
  {
    id: 'push',
    title: PUSH_MESSAGES.sectionTitle,
    shown: ({ user }) => user.role === 'customer' || user.role === 'carer',
    render: ({ user }) =>
      user.role === 'customer' || user.role === 'carer' ? <PushSection role={user.role} /> : null,
  },
  { id: 'email', title: 'Email', render: ({ user }) => <EmailSection user={user} /> },
  { id: 'password', title: 'Password', render: () => <PasswordSection /> },
  { id: 'two-factor', title: TWO_FACTOR_MESSAGES.sectionTitle, render: () => <TwoFactorSection /> },
  { id: 'sessions', title: 'Signed-in devices', render: () => <SessionsSection /> },
  // The visits in a calendar app.
  { id: 'calendar-feed', title: 'Calendar feed', render: () => <CalendarFeedSection /> },
  { id: 'data', title: 'Your data', render: () => <DataSection /> },
  { id: 'delete-account', title: 'Delete account', render: () => <DeleteAccountSection /> },
];
