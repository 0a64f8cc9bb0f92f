import { PageSpinner } from '@web/components/ui/spinner';
import { useAuth } from '@web/lib/auth';
import { useMyProfile } from '@web/lib/own-carer-profile';
import { hasSearchPlace, useSearchPlace } from '@web/lib/search-place';
import { usePageTitle } from '@web/lib/use-page-title';
import { CalendarFeedSection } from '../components/calendar-feed-section';
import { CircleMembershipsSection } from '../components/circle-memberships-section';
import { DataSection } from '../components/data-section';
import { DeleteAccountSection } from '../components/delete-account-section';
import { EmailSection } from '../components/email-section';
import { FamilyCircleSection } from '../components/family-circle-section';
import { MembershipSection } from '../components/membership-section';
import { NotificationsSection } from '../components/notifications-section';
import { PasswordSection } from '../components/password-section';
import { ProfileSection } from '../components/profile-section';
import { PushSection } from '../components/push-section';
import { RequestAlertsSection } from '../components/request-alerts-section';
import { SearchPlaceSection } from '../components/search-place-section';
import { SessionsSection } from '../components/sessions-section';
import { SubscriptionSection } from '../components/subscription-section';
import { TwoFactorSection } from '../components/two-factor-section';

/**
 * product.md, difference 7 and decisions 0010-0012: profile, email, password, two-factor sign-in, devices, data export and
 * account deletion.
 */
export function SettingsPage() {
  usePageTitle('Settings');
  const { user } = useAuth();
  const { place } = useSearchPlace(user);
  // Request alerts are a profile's: a carer without one yet has nothing to set.
  const ownProfile = useMyProfile({ enabled: user?.role === 'carer' });
  // The route is signed-in only; after a deletion the user goes away a moment before the page does.
  if (!user) return <PageSpinner />;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-12 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Settings</h1>
      <p className="mt-3 text-lg text-muted-foreground">Manage your profile, password and privacy.</p>
      <div className="mt-8 grid gap-8">
        <ProfileSection key={user.id} user={user} />
        {hasSearchPlace(user) ? <SearchPlaceSection place={place} /> : null}
        {user.role === 'carer' && ownProfile.data ? <RequestAlertsSection /> : null}
        {user.role === 'customer' ? <SubscriptionSection /> : null}
        {user.role === 'carer' && ownProfile.data ? <MembershipSection /> : null}
        {/* The family circle (decision 0036): one's own, and the circles one is in. */}
        {user.role === 'customer' ? <FamilyCircleSection /> : null}
        <CircleMembershipsSection />
        <NotificationsSection />
        {user.role === 'customer' || user.role === 'carer' ? <PushSection role={user.role} /> : null}
        <EmailSection user={user} />
        <PasswordSection />
        <TwoFactorSection />
        <SessionsSection />
        {/* The visits in a calendar app. */}
        <CalendarFeedSection />
        <DataSection />
        <DeleteAccountSection />
      </div>
    </div>
  );
}
