import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Eye, ShieldAlert } from 'lucide-react';
import type { OwnCarerProfile } from '@contracts/carers';
import { carerProfilePath } from '@contracts/paths';
import { LISTING_MESSAGES, type OwnVerification } from '@contracts/verification';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { COMPLIANCE_MESSAGES } from '@contracts/verification-compliance';
import { useMyCompliance, useMyVerification } from '@web/features/verification';

function missing(verification: OwnVerification | null | undefined): string {
  if (!verification) return LISTING_MESSAGES.missingNone;
  if (verification.status === 'pending') return LISTING_MESSAGES.missingPending;
  return LISTING_MESSAGES.missingRejected;
}

/**
 * A profile whose checks are not approved is not listed (docs/decisions/0026): the dashboard says
 * so plainly, what is still missing, and links to a preview of the profile as families will see it.
 */
export function ListingStatus({
  profile,
  goToChecks,
}: {
  profile: OwnCarerProfile;
  /** Opens the Profile tab and puts the keyboard on its checks card. */
  goToChecks: () => void;
}) {
  const verification = useMyVerification();
  const compliance = useMyCompliance(!profile.isVerified);
  if (profile.isVerified) return null;
  const lapses = compliance.data?.lapses ?? [];
  if (lapses.length > 0) {
    // A required check lapsed (decision 0028): say which, and what brings the badge back.
    return (
      <NotListedAlert title={COMPLIANCE_MESSAGES.lapsedTitle}>
        <ul className="grid list-disc gap-1 pl-5" data-testid="lapse-reasons">
          {lapses.map((lapse) => (
            <li key={lapse.check}>{lapse.reason}</li>
          ))}
        </ul>
        <p>{COMPLIANCE_MESSAGES.lapsedBody}</p>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={goToChecks}>
            Go to your checks
          </Button>
        </div>
      </NotListedAlert>
    );
  }
  return (
    <NotListedAlert title={LISTING_MESSAGES.notListedTitle}>
      <p>{LISTING_MESSAGES.notListedBody}</p>
      {verification.isSuccess ? <p>{missing(verification.data)}</p> : null}
      <div className="flex flex-wrap gap-2">
        {!verification.data || verification.data.status === 'rejected' ? (
          <Button size="sm" onClick={goToChecks}>
            Go to your checks
          </Button>
        ) : null}
        <Button asChild size="sm" variant="outline">
          <Link to={carerProfilePath(profile.id)}>
            <Eye aria-hidden="true" />
            {LISTING_MESSAGES.previewLink}
          </Link>
        </Button>
      </div>
    </NotListedAlert>
  );
}

/** The dashboard's notice that the profile is out of search, with its heading as its name. */
function NotListedAlert({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert
      role="region"
      aria-labelledby="listing-status-heading"
      className="border-amber-300 bg-amber-50 text-amber-950"
      data-testid="listing-status"
    >
      <ShieldAlert aria-hidden="true" />
      <div className="grid min-w-0 gap-2">
        <h2 id="listing-status-heading" className="font-semibold">
          {title}
        </h2>
        {children}
      </div>
    </Alert>
  );
}
