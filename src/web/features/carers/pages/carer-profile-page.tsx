import { paths } from '@contracts/paths';
import type { ReactNode } from 'react';
import { ArrowLeft, Car, Eye, Flag, MapPin } from 'lucide-react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { endpoints } from '@contracts/endpoints';
import { carerDisplayName } from '@contracts/carers-search-text';
import { LISTING_MESSAGES } from '@contracts/verification';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage, ApiError } from '@web/lib/api-client';
import { useAuth } from '@web/lib/auth';
import { formatMiles, formatRateRange } from '@web/lib/format';
import { usePageTitle } from '@web/lib/use-page-title';
import { useCarer, type CarerWithChecks } from '../api/carer';
import {
  BackgroundChecks,
  BackgroundChecksLocked,
  mayBeInvitedToSubscribe,
} from '../components/background-checks';
import { AvailabilityTable } from '@web/components/availability-grid';
import { CarerAvatar } from '../components/carer-card-avatar';
import { CarerRating, VerifiedBadge } from '../components/carer-card';
import { CarerChipList } from '../components/carer-card-lists';
import { CarerProfileReviews, MyReviewPanel } from '@web/features/reviews';
import { ContactArea } from '../components/contact-area';
import { SaveCarerButton } from '@web/features/saved-carers';
import { ReportDialog } from '@web/features/reports';

const SEARCH_PATH = paths.carers;

/** The search a card was opened from (its state), if it was one of the search pages. */
function searchCameFrom(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('search' in state)) return null;
  const search = state.search;
  if (typeof search !== 'string') return null;
  return search.startsWith(`${paths.carers}?`) ||
    search === paths.carers ||
    search.startsWith(paths.customerDashboard)
    ? search
    : null;
}

/**
 * Back to the search this profile was opened from: a step back in the history, so its filters, its
 * loaded pages and the place on the page come back (the root layout restores the scroll).
 */
function BackToSearch() {
  const location = useLocation();
  const navigate = useNavigate();
  const cameFrom = searchCameFrom(location.state);
  return (
    <Link
      to={cameFrom ?? SEARCH_PATH}
      onClick={(event) => {
        if (!cameFrom || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        void navigate(-1);
      }}
      className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to search
    </Link>
  );
}

function CarerNotFound() {
  usePageTitle('Carer not found');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight">Carer not found</h1>
      <p className="mt-4 text-muted-foreground">
        This carer’s profile does not exist or is no longer listed.
      </p>
      <Button asChild variant="outline" className="mt-8">
        <Link to={SEARCH_PATH}>Find other carers</Link>
      </Button>
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <div aria-hidden="true" className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="space-y-6">
        <Skeleton className="h-44" />
        <Skeleton className="h-64" />
      </div>
      <Skeleton className="h-72" />
    </div>
  );
}

function ProfileSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle asChild className="text-xl">
          <h2>{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function CarerProfile({ carer }: { carer: CarerWithChecks }) {
  const name = carerDisplayName(carer);
  const { user } = useAuth();
  // Only families review carers; the server decides whether this one may yet.
  const isCustomer = user?.role === 'customer' && user.userType === 'customer';
  usePageTitle(name);
  return (
    // DOM order header → rates and contact → details, so on a phone the contact area comes early.
    <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <Card className="min-w-0 p-5 sm:p-6 lg:col-start-1 lg:row-start-1">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <CarerAvatar carer={carer} size="lg" />
          <div className="min-w-0 flex-1 space-y-2">
            <div className="flex items-start justify-between gap-3">
              <h1 className="min-w-0 text-2xl font-bold tracking-tight [overflow-wrap:anywhere] sm:text-3xl">
                {name}
              </h1>
              <SaveCarerButton carer={carer} />
            </div>
            <p className="text-lg font-medium text-primary">{carer.specialization}</p>
            <p className="flex items-start gap-1 text-muted-foreground">
              <MapPin aria-hidden="true" className="mt-1 size-4 shrink-0" />
              <span className="min-w-0">
                {carer.location}
                {carer.postcodeDistrict ? ` (${carer.postcodeDistrict})` : null}
              </span>
            </p>
            {carer.travelMiles !== null ? (
              <p className="flex items-center gap-1 text-muted-foreground">
                <Car aria-hidden="true" className="size-4 shrink-0" />
                {`Travels up to ${formatMiles(carer.travelMiles)}`}
              </p>
            ) : null}
            <div className="flex flex-wrap items-center gap-3">
              <CarerRating carer={carer} />
              {carer.isVerified ? <VerifiedBadge /> : null}
            </div>
          </div>
        </div>
      </Card>

      <aside
        aria-label={`Rates and contact for ${name}`}
        className="space-y-6 lg:sticky lg:top-6 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start"
      >
        <ProfileSection title="Rates & Experience">
          <dl className="grid gap-3">
            <div>
              <dt className="text-sm text-muted-foreground">Hourly rate</dt>
              <dd className="text-xl font-semibold">
                {formatRateRange(carer.hourlyRateMin, carer.hourlyRateMax)}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Experience</dt>
              <dd className="font-medium">{carer.experience}</dd>
            </div>
          </dl>
        </ProfileSection>
        <ProfileSection title="Get in Touch">
          <ContactArea carer={carer} />
          <ReportCarer carer={carer} name={name} />
        </ProfileSection>
      </aside>

      <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-2">
        {carer.checks ? (
          <ProfileSection title="Background checks">
            <BackgroundChecks checks={carer.checks} />
          </ProfileSection>
        ) : carer.isVerified && mayBeInvitedToSubscribe(user) ? (
          <ProfileSection title="Background checks">
            <BackgroundChecksLocked summary={carer.checkSummary ?? null} />
          </ProfileSection>
        ) : null}

        <ProfileSection title="About">
          <p className="whitespace-pre-line text-foreground">{carer.description}</p>
        </ProfileSection>

        <ProfileSection title="Qualifications">
          <CarerChipList
            label={`Qualifications of ${name}`}
            items={carer.qualifications}
            variant="secondary"
          />
        </ProfileSection>

        <ProfileSection title="Availability">
          <div className="grid gap-4">
            <CarerChipList label={`Availability of ${name}`} items={carer.availability} variant="outline" />
            <AvailabilityTable
              week={carer.weeklyAvailability}
              caption={`When ${carer.firstName.trim() || name} is usually free`}
              updatedAt={carer.availabilityUpdatedAt}
            />
          </div>
        </ProfileSection>

        <ProfileSection title="Reviews">
          <div className="space-y-6">
            {isCustomer ? <MyReviewPanel carerId={carer.id} /> : null}
            <CarerProfileReviews carerId={carer.id} />
          </div>
        </ProfileSection>
      </div>
    </div>
  );
}

const REPORT_LINK =
  'mt-4 inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground underline underline-offset-4 hover:text-foreground';

/**
 * Anyone may tell the team about a carer's profile: signed in, through the report dialog; a visitor
 * is asked to sign in first and brought back. A carer does not report their own profile.
 */
function ReportCarer({ carer, name }: { carer: CarerWithChecks; name: string }) {
  const { user } = useAuth();
  const location = useLocation();
  if (user && carer.userId === user.id) return null;
  if (!user) {
    const returnTo = `${location.pathname}${location.search}`;
    return (
      <a href={`${paths.apiLogin}?returnTo=${encodeURIComponent(returnTo)}`} className={REPORT_LINK}>
        <Flag aria-hidden="true" className="size-4" />
        Report this carer
      </a>
    );
  }
  return (
    <ReportDialog
      endpoint={endpoints.reports.postCarersByIdReport}
      subjectId={carer.id}
      title="Report this carer"
      description={`Tell our team what concerns you about ${name}'s profile. The carer is not told who reported it.`}
      trigger={
        <button type="button" className={REPORT_LINK}>
          <Flag aria-hidden="true" className="size-4" />
          Report this carer
        </button>
      }
    />
  );
}

/** Product §2, a carer's profile at /carers/:id, with reviews, the contact area and the save toggle. */
export function CarerProfilePage() {
  const { id = '' } = useParams();
  const carer = useCarer(id);

  if (carer.isError && carer.error instanceof ApiError && carer.error.status === 404)
    return <CarerNotFound />;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <BackToSearch />
      {carer.isPending ? <LoadingProfile /> : null}
      {carer.isError ? (
        <ProfileError
          message={errorMessage(carer.error, 'We could not load this carer. Please try again.')}
          onRetry={() => void carer.refetch()}
        />
      ) : null}
      {carer.isSuccess ? <UnlistedPreview carer={carer.data} /> : null}
      {carer.isSuccess ? <CarerProfile carer={carer.data} /> : null}
    </div>
  );
}

/**
 * Only the carer and admins can open a profile whose checks are not approved (decision 0026): say
 * that families cannot see it, so a preview is never mistaken for the live profile.
 */
function UnlistedPreview({ carer }: { carer: CarerWithChecks }) {
  const { user } = useAuth();
  if (carer.isVerified) return null;
  const own = user !== null && user !== undefined && carer.userId === user.id;
  return (
    <Alert
      role="status"
      className="mt-6 border-amber-300 bg-amber-50 text-amber-950"
      data-testid="preview-banner"
    >
      <Eye aria-hidden="true" />
      <p>{own ? LISTING_MESSAGES.previewBanner : LISTING_MESSAGES.adminPreviewBanner}</p>
    </Alert>
  );
}

function LoadingProfile() {
  usePageTitle('Carer profile');
  return (
    <>
      <h1 className="sr-only">Carer profile</h1>
      <p role="status" className="sr-only">
        Loading carer profile...
      </p>
      <ProfileSkeleton />
    </>
  );
}

function ProfileError({ message, onRetry }: { message: string; onRetry: () => void }) {
  usePageTitle('Carer profile');
  return (
    <div className="mt-6 space-y-4">
      <h1 className="text-2xl font-bold tracking-tight">Carer profile</h1>
      <Alert variant="destructive" role="alert" className="flex-col items-start">
        <p>{message}</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </Alert>
    </div>
  );
}
