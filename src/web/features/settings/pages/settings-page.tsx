import { Fragment } from 'react';
import { PageSpinner } from '@web/components/ui/spinner';
import { useCircle } from '@web/features/circle';
import { useAuth } from '@web/lib/auth';
import { useMyProfile } from '@web/lib/own-carer-profile';
import { hasSearchPlace, useSearchPlace } from '@web/lib/search-place';
import { usePageTitle } from '@web/lib/use-page-title';
import { SettingsMenu } from '../components/settings-menu';
import { SETTINGS_SECTIONS, type SettingsContext } from '../components/settings-sections';

/**
 * product.md, difference 7 and decisions 0010-0012: profile, email, password, two-factor sign-in, devices, data export and
 * account deletion. The sections and the menu that leads to each come from one list.
 */
export function SettingsPage() {
  usePageTitle('Settings');
  const { user } = useAuth();
  const { place } = useSearchPlace(user);
  // Request alerts are a profile's: a carer without one yet has nothing to set.
  const ownProfile = useMyProfile({ enabled: user?.role === 'carer' });
  const circle = useCircle();
  // The route is signed-in only; after a deletion the user goes away a moment before the page does.
  if (!user) return <PageSpinner />;
  const context: SettingsContext = {
    user,
    place,
    hasSearchPlace: hasSearchPlace(user),
    hasCarerProfile: user.role === 'carer' && Boolean(ownProfile.data),
    inOtherCircles: (circle.data?.memberships.length ?? 0) > 0,
  };
  const sections = SETTINGS_SECTIONS.filter((section) => section.shown?.(context) ?? true);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-12 lg:max-w-6xl lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Settings</h1>
      <p className="mt-3 text-lg text-muted-foreground">Manage your profile, password and privacy.</p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <SettingsMenu sections={sections} />
        <div className="grid min-w-0 gap-8">
          {sections.map((section) => (
            <Fragment key={section.id}>{section.render(context)}</Fragment>
          ))}
        </div>
      </div>
    </div>
  );
}
