import { useRef, useState } from 'react';
import { RotateCw, ShieldAlert, ShieldCheck, TriangleAlert } from 'lucide-react';
import { describeDbsCheck, RIGHT_TO_WORK_LABELS, type OwnVerification } from '@contracts/verification';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api-client';
import { formatLongDateGB } from '@web/lib/format';
import { useMyCompliance } from '../api/compliance';
import { useMyVerification } from '../api/verification';
import { ReviewStatusBadge } from './review-status-badge';
import { VerificationForm } from './verification-form/verification-form';
import { EmailConfirmationNotice, needsEmailConfirmation } from '@web/components/email-confirmation';
import { useAuth } from '@web/lib/auth';

/** The check summary line, from the carer's own submission. */
export function ownCheckSummary(verification: OwnVerification): string {
  return describeDbsCheck({
    dbsLevel: verification.dbsLevel,
    dbsIssuedMonth: verification.dbsIssueDate.slice(0, 7),
    dbsUpdateService: verification.dbsUpdateService,
  });
}

function StatusBadge({ verification }: { verification: OwnVerification | null }) {
  if (!verification) return <Badge variant="muted">Not submitted</Badge>;
  return <ReviewStatusBadge status={verification.status} />;
}

function RenewalDue() {
  return (
    <Alert className="border-amber-300 bg-amber-50 text-amber-950">
      <TriangleAlert aria-hidden="true" />
      <p>
        <strong>Renewal due:</strong> your DBS certificate is over 3 years old and not on the Update Service.
        Get a new check, or join the Update Service, and submit your checks again.
      </p>
    </Alert>
  );
}

function Summary({ verification }: { verification: OwnVerification }) {
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2">
      <div className="grid gap-1 sm:col-span-2">
        <dt className="font-medium text-muted-foreground">DBS check</dt>
        <dd>{ownCheckSummary(verification)}</dd>
      </div>
      <div className="grid gap-1">
        <dt className="font-medium text-muted-foreground">Right to work</dt>
        <dd>{RIGHT_TO_WORK_LABELS[verification.rightToWorkMethod]}</dd>
      </div>
      <div className="grid gap-1">
        <dt className="font-medium text-muted-foreground">Submitted</dt>
        <dd>{formatLongDateGB(verification.submittedAt)}</dd>
      </div>
    </dl>
  );
}

function StateText({ verification }: { verification: OwnVerification | null }) {
  if (!verification) {
    return (
      <p>
        Families trust carers whose checks we have seen. Submit your DBS certificate, right to work, photo ID
        and two references to get the Verified badge.
      </p>
    );
  }
  if (verification.status === 'pending') {
    return (
      <>
        <p>Waiting for review. An admin will look at your documents, usually within two working days.</p>
        <Summary verification={verification} />
      </>
    );
  }
  if (verification.status === 'approved') {
    return (
      <>
        <p className="flex items-start gap-2">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700" />
          <span>
            Your checks are approved
            {verification.reviewedAt ? ` (${formatLongDateGB(verification.reviewedAt)})` : ''}. Subscribed
            families see this summary on your profile.
          </span>
        </p>
        <Summary verification={verification} />
      </>
    );
  }
  return (
    <>
      <Alert variant="destructive">
        <ShieldAlert aria-hidden="true" />
        <div className="grid gap-1">
          <p className="font-semibold">Your checks were not approved. The reviewer said:</p>
          <p className="whitespace-pre-line" data-testid="rejection-reason">
            {verification.rejectionReason ?? 'No reason was given.'}
          </p>
        </div>
      </Alert>
      <p>Fix what the reviewer asked for, then submit your checks again.</p>
    </>
  );
}

/** The carer's checks on the dashboard's Profile tab: state, renewal warning and the form. */
export function VerificationCard() {
  const { user } = useAuth();
  const verification = useMyVerification();
  const compliance = useMyCompliance();
  const [formOpen, setFormOpen] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);

  const closeForm = (submitted: boolean) => {
    setFormOpen(false);
    if (submitted) {
      // The form is gone: keep the keyboard in this card, on its heading.
      document.getElementById('verification-heading')?.focus();
    } else {
      openButton.current?.focus();
    }
  };

  const current = verification.data ?? null;
  const checksDue = compliance.data?.checksRenewable ?? false;
  const canSubmit =
    verification.isSuccess &&
    (!current ||
      current.status === 'rejected' ||
      (current.status === 'approved' && (current.renewalDue || checksDue)));
  const submitLabel = !current
    ? 'Submit your checks'
    : current.status === 'rejected'
      ? 'Resubmit your checks'
      : 'Submit renewed checks';

  return (
    <section aria-labelledby="verification-heading">
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <CardTitle asChild className="text-lg">
              <h2 id="verification-heading" tabIndex={-1} className="focus:outline-none">
                Verification
              </h2>
            </CardTitle>
            {verification.isSuccess ? <StatusBadge verification={current} /> : null}
          </div>
          <CardDescription>
            Your DBS check, right to work, photo ID and references, reviewed by CareMatch.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {verification.isPending ? (
            <>
              <p role="status" className="sr-only">
                Loading your checks...
              </p>
              <Skeleton className="h-16" />
            </>
          ) : null}
          {verification.isError ? (
            <Alert variant="destructive" role="alert" className="flex-col sm:flex-row sm:items-center">
              <p className="flex-1">
                {errorMessage(verification.error, 'We could not load your checks. Please try again.')}
              </p>
              <Button variant="outline" size="sm" onClick={() => void verification.refetch()}>
                <RotateCw aria-hidden="true" />
                Try again
              </Button>
            </Alert>
          ) : null}
          {verification.isSuccess ? (
            <>
              {current?.renewalDue ? <RenewalDue /> : null}
              <StateText verification={current} />
            </>
          ) : null}
          {canSubmit && needsEmailConfirmation(user) ? (
            // Checks wait for a confirmed email address (the server answers 403 otherwise).
            <EmailConfirmationNotice user={user} />
          ) : canSubmit && !formOpen ? (
            <div>
              <Button ref={openButton} onClick={() => setFormOpen(true)}>
                {submitLabel}
              </Button>
            </div>
          ) : null}
          {canSubmit && formOpen && !needsEmailConfirmation(user) ? (
            <VerificationForm onDone={closeForm} />
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}
