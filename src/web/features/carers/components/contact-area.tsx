import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Lock, MessageCircle } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import type { CurrentUser } from '@contracts/auth';
import type { CarerSummary } from '@contracts/carers';
import { MESSAGE_MESSAGES } from '@contracts/messaging-texts';
import { carerProfilePath, pricingPath, registerPath, signInPath } from '@contracts/paths';
import { carerDisplayName } from '@contracts/carers-search-text';
import { defaultSortFor, filtersFromSearchParams, filtersToSearchParams } from '@contracts/carers-search-url';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useAuth } from '@web/lib/auth';
import { cn } from '@web/lib/utils';
import { EmailConfirmationNotice, needsEmailConfirmation } from '@web/components/email-confirmation';

type ContactState = 'signedOut' | 'notCustomer' | 'needsSubscription' | 'canMessage';

/** An active subscription: status 'active' and an expiry, if any, still in the future (product §4). */
export function hasActiveSubscription(user: CurrentUser, now = new Date()): boolean {
  if (user.subscriptionStatus !== 'active') return false;
  if (!user.subscriptionExpiresAt) return true;
  return new Date(user.subscriptionExpiresAt).getTime() > now.getTime();
}

function contactState(user: CurrentUser | null): ContactState {
  if (!user) return 'signedOut';
  // Carers and admins are not families looking for care, so they get no contact button.
  if (user.role !== 'customer' || user.userType !== 'customer') return 'notCustomer';
  return hasActiveSubscription(user) ? 'canMessage' : 'needsSubscription';
}

/** 'Contact Margaret': the carer's first name, or 'Carer' (product §2). */
export function carerFirstName(carer: CarerSummary): string {
  return carer.firstName.trim() || carer.user?.firstName?.trim() || 'Carer';
}

// Both layers share one grid cell, so the box grows with the overlay's text on narrow screens.
const LOCKED_BOX = 'grid min-h-36 overflow-hidden rounded-md border border-border bg-muted';
const LAYER = '[grid-area:1/1]';

/** Blurred bars standing in for the hidden contact details behind the overlay. */
function HiddenDetails() {
  return (
    <div aria-hidden="true" className={`${LAYER} space-y-3 p-4 blur-[2px]`}>
      <div className="h-3 w-2/3 rounded bg-slate-300" />
      <div className="h-3 w-1/2 rounded bg-slate-300" />
      <div className="h-3 w-3/4 rounded bg-slate-300" />
    </div>
  );
}

function LockedOverlay({ title, text, action }: { title: string; text: string; action: ReactNode }) {
  return (
    <div className={LOCKED_BOX}>
      <HiddenDetails />
      <div
        className={`${LAYER} relative flex flex-col items-center justify-center gap-1 bg-white/85 p-4 text-center`}
      >
        <Lock aria-hidden="true" className="size-5 text-primary" />
        <p className="font-semibold text-foreground">{title}</p>
        <p className="text-sm text-muted-foreground">{text}</p>
        <div className="mt-2">{action}</div>
      </div>
    </div>
  );
}

/**
 * On a search card a visitor, a family without a plan, a carer or an admin gets one button that
 * says where it goes: the carer's profile. Why they cannot contact yet is said once, above the
 * results (SearchContactNotice), not in a grey box repeated on every card.
 */
function ViewProfileButton({ carer }: { carer: CarerSummary }) {
  const location = useLocation();
  return (
    <Button asChild variant="outline" className="w-full">
      <Link to={carerProfilePath(carer.id)} state={searchOrigin(location)} data-testid="card-view-profile">
        View profile
        <span className="sr-only">{` of ${carerDisplayName(carer)}`}</span>
      </Link>
    </Button>
  );
}

/**
 * What a link into a profile remembers of the search it came from, so the profile's "Back to
 * search" returns to the same filters and place on the page.
 */
export function searchOrigin(location: { pathname: string; search: string }): { search: string } {
  return { search: `${location.pathname}${location.search}` };
}

/**
 * The plans, with the way back to `returnTo` and the place and week of the search a profile was
 * opened from (its `searchOrigin` state): the plans count the carers who match them, so a family
 * who typed their postcode on the way in is not asked for it again.
 */
export function plansPath(returnTo: string, state: unknown): string {
  const path = pricingPath(returnTo);
  const search =
    typeof state === 'object' && state !== null && 'search' in state && typeof state.search === 'string'
      ? state.search
      : '';
  const filters = filtersFromSearchParams(new URLSearchParams(search.slice(search.indexOf('?') + 1)));
  if (!search.includes('?') || !filters.near) return path;
  // The place, distance, care type and week; not the order, town or rate (the count has none).
  const query = filtersToSearchParams({
    ...filters,
    location: '',
    maxRate: null,
    sort: defaultSortFor(filters.near),
  });
  return `${path}${path.includes('?') ? '&' : '?'}${query.toString()}`;
}

/** The page's one call to action above the results: sign in, or subscribe, to contact carers. */
export function SearchContactNotice({ className }: { className?: string }) {
  const { user } = useAuth();
  const location = useLocation();
  const state = contactState(user);
  if (state !== 'signedOut' && state !== 'needsSubscription') return null;
  const signedOut = state === 'signedOut';
  const returnTo = `${location.pathname}${location.search}`;
  return (
    <section
      aria-labelledby="contact-notice-title"
      className={cn(
        'flex flex-col gap-3 rounded-lg border border-border bg-secondary p-4 sm:flex-row sm:items-center',
        className,
      )}
      data-testid="contact-notice"
    >
      <Lock aria-hidden="true" className="size-5 shrink-0 text-primary" />
      <div className="min-w-0 flex-1">
        <h2 id="contact-notice-title" className="font-semibold text-foreground">
          {signedOut ? 'Sign In Required' : 'Subscription Required'}
        </h2>
        <p className="text-sm text-muted-foreground">
          {signedOut
            ? 'Please sign in to view contact details. Reading profiles and reviews is free.'
            : 'Subscribe to access carer contact information. Reading profiles and reviews is free.'}
        </p>
      </div>
      <Button asChild className="sm:w-auto">
        {signedOut ? (
          <a href={signInPath(returnTo)}>Sign In</a>
        ) : (
          // The plans, chosen once there, then back to this search.
          <Link to={pricingPath(returnTo)}>Subscribe Now</Link>
        )}
      </Button>
    </section>
  );
}

type ContactLayout = 'panel' | 'line';

/** Product §2 (Carer search), the contact area: what a visitor may do to reach this carer depends on who they are. */
export function ContactArea({
  carer,
  className,
  layout = 'panel',
}: {
  carer: CarerSummary;
  className?: string;
  /** 'line' on search cards: one button (contact, or view the profile); the profile page keeps the panel. */
  layout?: ContactLayout;
}) {
  const { user } = useAuth();
  const location = useLocation();
  const state = contactState(user);

  // On a card, anyone who cannot message this carer here gets the way to the profile.
  if (
    layout === 'line' &&
    (state !== 'canMessage' || (user && needsEmailConfirmation(user)) || !carer.userId)
  ) {
    return (
      <div className={className} data-testid="contact-area">
        <ViewProfileButton carer={carer} />
      </div>
    );
  }

  if (state === 'signedOut') {
    const returnTo = `${location.pathname}${location.search}`;
    return (
      <div className={className} data-testid="contact-area">
        <LockedOverlay
          title="Sign In Required"
          text="Please sign in to view contact details"
          action={
            <div className="flex flex-wrap items-center justify-center gap-x-3 gap-y-2">
              <Button asChild size="sm">
                <a href={signInPath(returnTo)}>Sign In</a>
              </Button>
              {/* New families register, and come back to this carer once their email is confirmed. */}
              <Link
                to={registerPath('customer', returnTo)}
                className="text-sm font-medium text-primary underline underline-offset-4"
              >
                Create an account
              </Link>
              {/* What contacting costs, before any account: the plans, then back to this carer. */}
              <Link
                to={plansPath(returnTo, location.state)}
                className="text-sm font-medium text-primary underline underline-offset-4"
              >
                See plans and prices
              </Link>
            </div>
          }
        />
      </div>
    );
  }

  if (state === 'needsSubscription') {
    const returnTo = `${location.pathname}${location.search}`;
    return (
      <div className={className} data-testid="contact-area">
        <LockedOverlay
          title="Subscription Required"
          text="Subscribe to access carer contact information"
          action={
            <Button asChild size="sm">
              {/* The plans, chosen once there; paying offers the way straight back to this carer. */}
              <Link to={plansPath(returnTo, location.state)}>Subscribe Now</Link>
            </Button>
          }
        />
      </div>
    );
  }

  if (state === 'notCustomer') {
    return (
      <p className={cn('text-sm text-muted-foreground', className)} data-testid="contact-area">
        Families with a subscription can contact carers here.
      </p>
    );
  }

  // Messaging waits for a confirmed email address (decision 0019).
  if (needsEmailConfirmation(user)) {
    return (
      <div className={className} data-testid="contact-area">
        <EmailConfirmationNotice user={user} />
      </div>
    );
  }

  if (!carer.userId) {
    return (
      <p className={cn('text-sm text-muted-foreground', className)} data-testid="contact-area">
        {MESSAGE_MESSAGES.carerUnreachable}
      </p>
    );
  }

  const trigger = (
    <Button className="h-auto min-h-10 w-full whitespace-normal [overflow-wrap:anywhere]">
      <MessageCircle aria-hidden="true" />
      {`Contact ${carerFirstName(carer)}`}
    </Button>
  );
  return (
    <div className={className} data-testid="contact-area">
      <LazyContactDialog carer={carer} receiverId={carer.userId} trigger={trigger} />
    </div>
  );
}

/**
 * The message dialog (Radix Dialog and the message box) loads when a subscriber's card or profile
 * first needs it: visitors and families without a plan never download it, and the search page's
 * first paint waits for less (docs/performance.md, /carers).
 */
const loadDialog = () => import('./contact-message-dialog');
const ContactMessageDialog = lazy(() =>
  loadDialog().then((module) => ({ default: module.ContactMessageDialog })),
);

/**
 * The contact button and its dialog: the dialog's code is fetched once the button is drawn (after
 * the page's first paint); a press before it has arrived opens the dialog when it does.
 */
function LazyContactDialog({
  carer,
  receiverId,
  trigger,
}: {
  carer: CarerSummary;
  receiverId: string;
  trigger: ReactNode;
}) {
  const [pressed, setPressed] = useState(false);
  useEffect(() => {
    void loadDialog();
  }, []);
  return (
    <Suspense
      fallback={
        <span className="contents" onClickCapture={() => setPressed(true)}>
          {trigger}
        </span>
      }
    >
      <ContactMessageDialog carer={carer} receiverId={receiverId} trigger={trigger} initiallyOpen={pressed} />
    </Suspense>
  );
}

/** Holds the contact area's space while results load, so cards do not jump when they arrive. */
export function ContactAreaSkeleton({ layout = 'panel' }: { layout?: ContactLayout }) {
  const { user } = useAuth();
  const state = contactState(user);
  if (layout === 'line') return <Skeleton className="h-10" />;
  if (state === 'signedOut' || state === 'needsSubscription') return <Skeleton className="min-h-36" />;
  if (state === 'notCustomer') return <Skeleton className="h-5 w-3/4" />;
  return <Skeleton className="h-10" />;
}
