import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  BadgeCheck,
  CalendarDays,
  ClipboardList,
  MessageSquare,
  RotateCw,
  Star,
  UserRound,
  UserRoundPlus,
} from 'lucide-react';
import type { OwnCarerProfile } from '@contracts/carers';
import { paths } from '@contracts/paths';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { errorMessage } from '@web/lib/api-client';
import { usePageTitle } from '@web/lib/use-page-title';
import { useTabParam } from '@web/lib/use-tab-param';
import { useMyProfile } from '../api/my-profile';
import { DashboardEmptyState } from '@web/components/dashboard-empty-state';
import { DashboardMessages } from '@web/features/messaging';
import { DashboardProfileTab } from '../components/dashboard-profile-tab';
import { DashboardRequests } from '@web/features/care-requests';
import { CoverOffersList, DashboardSchedule, OnYourWay, TodayOffline } from '@web/features/arrangements';
import { useAuth } from '@web/lib/auth';
import { useOnline } from '@web/lib/use-online';
import { DashboardReviews } from '@web/features/reviews';
import { DashboardSkeleton } from '../components/dashboard-skeleton';
import { ListingStatus } from '../components/listing-status';
import { MembershipSummary } from '@web/features/subscriptions';
import { GetPaidByCardCard } from '@web/features/care-payments';

const TAB_PROFILE = 'profile';
const TAB_MESSAGES = 'messages';
const TAB_REQUESTS = 'requests';
const TAB_SCHEDULE = 'schedule';
const TAB_REVIEWS = 'reviews';
const TABS = [TAB_PROFILE, TAB_MESSAGES, TAB_REVIEWS, TAB_SCHEDULE, TAB_REQUESTS] as const;

/** The page frame every state shares, so the h1 is always 'Carer Dashboard'. */
function DashboardFrame({ header, children }: { header?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <header className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Carer Dashboard</h1>
          {header}
        </div>
      </header>
      {children}
    </div>
  );
}

function ProfileHeader({ profile }: { profile: OwnCarerProfile }) {
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2">
      {name ? <p className="text-lg text-muted-foreground">{name}</p> : null}
      <div className="flex flex-wrap gap-2">
        {/* Listed means active and within the introductory or a paid membership period. */}
        {profile.isActive && profile.isListed ? (
          <Badge variant="success">Active</Badge>
        ) : (
          <Badge variant="muted">Inactive</Badge>
        )}
        {profile.isVerified ? (
          <Badge>
            <BadgeCheck aria-hidden="true" />
            Verified
          </Badge>
        ) : null}
      </div>
    </div>
  );
}

function NoProfile() {
  return (
    <DashboardEmptyState icon={UserRoundPlus} title="No Carer Profile Found">
      <p>Create your carer profile so families can find you and get in touch.</p>
      <Button asChild className="mt-4">
        <Link to={paths.carerSignup}>Create Carer Profile</Link>
      </Button>
    </DashboardEmptyState>
  );
}

export function CarerDashboardPage() {
  usePageTitle('Carer Dashboard');
  const myProfile = useMyProfile();
  const [tab, setTab] = useTabParam(TABS);
  const messagesTab = useRef<HTMLButtonElement>(null);
  const profileTab = useRef<HTMLButtonElement>(null);
  const { user } = useAuth();
  const online = useOnline();
  // Offline, today and tomorrow as last loaded; online, only the steps still waiting to send.
  const today = user ? <TodayOffline userId={user.id} /> : null;

  if (myProfile.isPending) {
    return (
      <DashboardFrame>
        {today}
        {online ? <DashboardSkeleton /> : null}
      </DashboardFrame>
    );
  }

  if (myProfile.isError) {
    return (
      <DashboardFrame>
        {today}
        <Alert variant="destructive" role="alert" className="flex-col sm:flex-row sm:items-center">
          <p className="flex-1">
            {errorMessage(myProfile.error, 'We could not load your carer profile. Please try again.')}
          </p>
          <Button variant="outline" size="sm" onClick={() => void myProfile.refetch()}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </Alert>
      </DashboardFrame>
    );
  }

  const profile = myProfile.data;
  if (!profile) {
    return (
      <DashboardFrame>
        <NoProfile />
      </DashboardFrame>
    );
  }
  const viewMessages = () => {
    setTab(TAB_MESSAGES);
    // The button pressed is now in a hidden panel: keep the keyboard on the tab it opened.
    messagesTab.current?.focus();
  };
  const editProfile = () => {
    setTab(TAB_PROFILE);
    profileTab.current?.focus();
  };
  const goToChecks = () => {
    setTab(TAB_PROFILE);
    // The Profile panel is drawn on the next frame when another tab was open.
    requestAnimationFrame(() => {
      const heading = document.getElementById('verification-heading');
      heading?.scrollIntoView({ block: 'start' });
      heading?.focus();
    });
  };

  return (
    <DashboardFrame header={<ProfileHeader profile={profile} />}>
      {today}
      <Tabs value={tab} onValueChange={setTab}>
        {/* The tabs come first, on a phone too; what concerns every tab follows them, the membership as one line. */}
        <TabsList aria-label="Dashboard sections" className="grid grid-cols-3 sm:inline-flex sm:w-fit">
          <TabsTrigger ref={profileTab} value={TAB_PROFILE}>
            <UserRound aria-hidden="true" />
            Profile
          </TabsTrigger>
          <TabsTrigger ref={messagesTab} value={TAB_MESSAGES}>
            <MessageSquare aria-hidden="true" />
            Messages
          </TabsTrigger>
          <TabsTrigger value={TAB_REVIEWS}>
            <Star aria-hidden="true" />
            Reviews
          </TabsTrigger>
          <TabsTrigger value={TAB_SCHEDULE}>
            <CalendarDays aria-hidden="true" />
            Schedule
          </TabsTrigger>
          {/* Open care requests near the carer. */}
          <TabsTrigger value={TAB_REQUESTS}>
            <ClipboardList aria-hidden="true" />
            Requests
          </TabsTrigger>
        </TabsList>

        <div className="grid gap-4 empty:hidden">
          <ListingStatus profile={profile} goToChecks={goToChecks} />
          <MembershipSummary checksApproved={profile.isVerified} />
          <GetPaidByCardCard />
          {/* "Are you on your way?": a visit the family was alerted about (decision 0037). */}
          <div className="empty:hidden">
            <OnYourWay />
          </div>
        </div>

        <TabsContent value={TAB_PROFILE}>
          <DashboardProfileTab profile={profile} onViewMessages={viewMessages} />
        </TabsContent>
        <TabsContent value={TAB_MESSAGES}>
          <DashboardMessages />
        </TabsContent>
        <TabsContent value={TAB_REVIEWS}>
          <DashboardReviews carerId={profile.id} />
        </TabsContent>
        <TabsContent value={TAB_SCHEDULE}>
          {/* The visits of the coming weeks and the arrangements behind them. */}
          <DashboardSchedule active={tab === TAB_SCHEDULE} />
        </TabsContent>
        <TabsContent value={TAB_REQUESTS}>
          <div className="grid gap-8">
            <CoverOffersList active={tab === TAB_REQUESTS} />
            <DashboardRequests active={tab === TAB_REQUESTS} onEditProfile={editProfile} />
          </div>
        </TabsContent>
      </Tabs>
    </DashboardFrame>
  );
}
