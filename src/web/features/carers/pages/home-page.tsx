import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { CalendarDays, ClipboardList, MessageSquare, Search, Star, UserRound } from 'lucide-react';
import type { CurrentUser } from '@contracts/auth';
import { homeGreeting } from '@contracts/greeting';
import { paths } from '@contracts/paths';
import { planSummary } from '@contracts/pricing';
import { CARE_REQUESTS_PATH } from '@web/lib/care-requests-path';
import { subscriptionDisplayState } from '@web/features/subscriptions';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { formatDateGB } from '@web/lib/format';
import { hasSearchPlace } from '@web/lib/search-place';
import { usePageTitle } from '@web/lib/use-page-title';
import { CarersNearYou } from '../components/carers-near-you';
import { CARE_ARRANGEMENTS_NAME } from '@contracts/site-texts';

type Tile = { label: string; icon: ComponentType<{ className?: string }>; to?: string };

/**
 * Product §2, Landing page and home page: the tiles by role. Messages links to the inbox (the first brief's
 * tile had no link, and no inbox to go to); the first brief's Bookings and Schedule are the care
 * arrangements (one name everywhere, product.md); Reviews has no page yet.
 */
const TILES: Record<CurrentUser['userType'], Tile[]> = {
  customer: [
    { label: 'Browse Carers', icon: Search, to: paths.customerDashboard },
    { label: 'Messages', icon: MessageSquare, to: paths.messages },
    { label: CARE_ARRANGEMENTS_NAME, icon: CalendarDays, to: paths.myCare },
    { label: 'Reviews', icon: Star },
  ],
  carer: [
    { label: 'My Profile', icon: UserRound, to: paths.carerDashboard },
    { label: 'Messages', icon: MessageSquare, to: paths.messages },
    { label: CARE_ARRANGEMENTS_NAME, icon: CalendarDays, to: paths.myCare },
    { label: 'Reviews', icon: Star },
  ],
};

const QUICK_TIPS: Record<CurrentUser['userType'], string[]> = {
  customer: [
    'Search by your postcode or town to see the nearest carers first.',
    'Check each carer’s qualifications and DBS details before you get in touch.',
    'Message two or three carers and compare their availability and rates.',
  ],
  carer: [
    'A photo and a detailed description help families choose you.',
    'Keep your availability up to date so families know when you can help.',
    'Reply to messages promptly: families often contact several carers.',
  ],
};

function TileCard({ tile }: { tile: Tile }) {
  const Icon = tile.icon;
  const body = (
    <>
      <Icon aria-hidden="true" className="size-6 text-primary" />
      <span className="font-medium">{tile.label}</span>
    </>
  );
  const className = 'flex flex-col items-start gap-3 rounded-lg border border-border bg-card p-5 shadow-sm';
  return tile.to ? (
    <Link to={tile.to} className={`${className} hover:border-primary`}>
      {body}
    </Link>
  ) : (
    <div className={className}>{body}</div>
  );
}

function SubscriptionStatus({ user }: { user: CurrentUser }) {
  // Product §4: 'Active', 'Expired' (active, but its end date has passed) or no subscription.
  const state = subscriptionDisplayState(user);
  const plan = user.subscriptionType ? planSummary(user.subscriptionType) : null;
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">Your Subscription</h2>
      {state === 'Active' ? (
        <>
          <p className="mt-3 font-medium text-primary">Active Subscription</p>
          {plan ? <p className="mt-1 text-sm">{`Plan: ${plan}`}</p> : null}
          <p className="mt-1 text-sm text-muted-foreground">
            Access expires: {formatDateGB(user.subscriptionExpiresAt)}
          </p>
          <Button asChild className="mt-4">
            <Link to={paths.customerDashboard}>Browse Carers</Link>
          </Button>
        </>
      ) : state === 'Expired' ? (
        <>
          <p className="mt-3 font-medium text-destructive">Expired</p>
          {plan ? <p className="mt-1 text-sm">{`Plan: ${plan}`}</p> : null}
          <p className="mt-1 text-sm text-muted-foreground">
            Access ended: {formatDateGB(user.subscriptionExpiresAt)}
          </p>
          <Button asChild className="mt-4">
            <Link to={paths.subscribe}>Subscribe Now</Link>
          </Button>
        </>
      ) : (
        <>
          <p className="mt-3 font-medium">No Active Subscription</p>
          <Button asChild className="mt-4">
            <Link to={paths.subscribe}>Subscribe Now</Link>
          </Button>
        </>
      )}
    </Card>
  );
}

function ProfileStatus() {
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">Your Profile Status</h2>
      <p className="mt-3 text-sm text-muted-foreground">
        Keep your profile current so families can find you.
      </p>
      <Button asChild className="mt-4">
        <Link to={paths.carerDashboard}>Update Profile</Link>
      </Button>
    </Card>
  );
}

/** Families post what they need and carers near them answer. */
function CareRequestsCard() {
  return (
    <Card className="p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <ClipboardList aria-hidden="true" className="size-5 text-primary" />
        Care Requests
      </h2>
      <p className="mt-3 text-sm text-muted-foreground">
        Tell carers near you what care is needed, where and when, and let them answer. Posting is free.
      </p>
      <Button asChild className="mt-4">
        <Link to={CARE_REQUESTS_PATH}>Post a care request</Link>
      </Button>
    </Card>
  );
}

/** The signed-in home (product §2, Landing page and home page): greeting, tiles, status card and quick tips by role. */
export function HomePage({ user }: { user: CurrentUser }) {
  usePageTitle('Home');
  const role = user.userType;
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{homeGreeting(user, new Date())}</h1>
      <p className="mt-4 text-lg text-muted-foreground">
        {role === 'carer'
          ? 'Manage your carer profile and connect with families.'
          : 'Find the perfect care for your family.'}
      </p>
      <ul className="mt-8 grid grid-cols-2 gap-4 lg:grid-cols-4" aria-label="Shortcuts">
        {TILES[role].map((tile) => (
          <li key={tile.label}>
            <TileCard tile={tile} />
          </li>
        ))}
      </ul>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        {role === 'carer' ? <ProfileStatus /> : <SubscriptionStatus user={user} />}
        {user.role === 'customer' ? <CareRequestsCard /> : null}
        <Card className="p-6">
          <h2 className="text-lg font-semibold">Quick Tips</h2>
          <ul className="mt-3 grid list-disc gap-2 pl-5 text-sm">
            {QUICK_TIPS[role].map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </Card>
        {hasSearchPlace(user) ? <CarersNearYou user={user} /> : null}
      </div>
    </div>
  );
}
