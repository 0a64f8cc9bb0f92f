import { useId, useState, type FormEvent } from 'react';
import { BadgeCheck, Download, TriangleAlert, X } from 'lucide-react';
import { ADMIN_LIST_MESSAGES } from '@contracts/admin';
import { DBS_STATUS_RESULT_LABELS, formatCheckDate } from '@contracts/verification-compliance';
import {
  ApproveVerificationInput,
  DBS_WORKFORCE_LABELS,
  describeDbsCheck,
  RejectVerificationInput,
  RIGHT_TO_WORK_LABELS,
  VERIFICATION_MESSAGES,
  type AdminVerification,
  type VerificationDocument,
} from '@contracts/verification';
import { DialogButtons, FormDialog } from '@web/components/form-dialog';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { FieldError } from '@web/components/ui/text-field';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, fieldErrors } from '@web/lib/api-client';
import { formatDateGB } from '@web/lib/format';
import {
  useAdminVerifications,
  useApproveVerification,
  useRejectVerification,
  type VerificationFilter,
} from '../api/admin-verification';
import { AdminQueue, ConfirmDialog, Detail } from '@web/features/admin';
import { StatusCheckForm } from './compliance-queue';

const FILTER_OPTIONS = [
  { value: 'pending', label: 'Waiting for review' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
] as const satisfies readonly { value: VerificationFilter; label: string }[];

const DOCUMENT_LABELS: Record<VerificationDocument['field'], string> = {
  dbsCertificate: 'DBS certificate',
  rightToWorkDocument: 'Passport (right to work)',
  photoId: 'Photo ID',
};

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** '1234 5678 9012': the certificate number in groups of four, easier to compare by eye. */
function groupDigits(value: string): string {
  return value.replace(/(\d{4})(?=\d)/g, '$1 ');
}

function StatusBadge({ status }: { status: AdminVerification['status'] }) {
  if (status === 'approved') return <Badge variant="success">Approved</Badge>;
  if (status === 'rejected') return <Badge variant="destructive">Rejected</Badge>;
  return <Badge variant="secondary">Waiting for review</Badge>;
}

function RejectDialog({
  verification,
  open,
  onOpenChange,
}: {
  verification: AdminVerification;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const reject = useRejectVerification();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reject.isPending) return;
    const parsed = RejectVerificationInput.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? VERIFICATION_MESSAGES.rejectionReasonRequired);
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    setError(null);
    reject.mutate(
      { id: verification.id, input: parsed.data },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: VERIFICATION_MESSAGES.rejectedToast });
          setReason('');
          onOpenChange(false);
        },
        onError: (failure) => {
          const message = errorMessage(failure, VERIFICATION_MESSAGES.reviewFailedFallback);
          setError(fieldErrors(failure).reason ?? null);
          toast({ variant: 'destructive', title: 'Error', description: message });
        },
      },
    );
  }

  const errorId = error ? `${id}-reason-error` : undefined;
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setError(null);
      }}
      title={`Reject the checks of ${verification.carerName}`}
      description="The carer sees your reason on their dashboard and can submit their checks again."
    >
      <form noValidate onSubmit={handleSubmit} className="mt-4 grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-reason`}>Reason</Label>
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            Say what is wrong or missing, and what to send instead.
          </p>
          <Textarea
            id={`${id}-reason`}
            rows={5}
            maxLength={1000}
            value={reason}
            aria-invalid={error ? true : undefined}
            aria-describedby={[`${id}-hint`, errorId].filter(Boolean).join(' ')}
            onChange={(event) => setReason(event.target.value)}
          />
          {error && errorId ? <FieldError id={errorId}>{error}</FieldError> : null}
        </div>
        <DialogButtons
          submitLabel="Reject Checks"
          pendingLabel="Rejecting..."
          pending={reject.isPending}
          destructive
        />
      </form>
    </FormDialog>
  );
}

/** The warning shown on the card and again in the approval question. */
function RenewalWarning() {
  return (
    <p className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        <strong>Renewal due:</strong> this DBS certificate is over 3 years old and not on the Update Service.
        Approving records what you saw, but the carer stays out of search until a renewed certificate is
        approved.
      </span>
    </p>
  );
}

/**
 * Approving grants the Verified badge, so it asks first, naming the carer,
 * repeating a renewal warning, and (checks with no documents) asking for the reason the server
 * requires and records in the audit log.
 */
function ApproveDialog({
  verification,
  open,
  onOpenChange,
}: {
  verification: AdminVerification;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const approve = useApproveVerification();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const noDocuments = verification.documents.length === 0;

  function onConfirm() {
    if (approve.isPending) return;
    const parsed = ApproveVerificationInput.safeParse({ reason });
    const text = parsed.success ? parsed.data.reason : reason.trim();
    if (!parsed.success || (noDocuments && !text)) {
      setError(
        parsed.success
          ? VERIFICATION_MESSAGES.approvalReasonRequired
          : (parsed.error.issues[0]?.message ?? VERIFICATION_MESSAGES.approvalReasonRequired),
      );
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    setError(null);
    approve.mutate(
      { id: verification.id, reason: text },
      {
        onSuccess: () => {
          onOpenChange(false);
          toast({ title: 'Success', description: VERIFICATION_MESSAGES.approvedToast });
        },
        onError: (failure) => {
          setError(fieldErrors(failure).reason ?? null);
          toast({
            variant: 'destructive',
            title: 'Error',
            description: errorMessage(failure, VERIFICATION_MESSAGES.reviewFailedFallback),
          });
        },
      },
    );
  }

  const errorId = error ? `${id}-reason-error` : undefined;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setError(null);
      }}
      title={VERIFICATION_MESSAGES.approveTitle(verification.carerName)}
      description={VERIFICATION_MESSAGES.approveBody}
      confirmLabel={VERIFICATION_MESSAGES.approveButton}
      pendingLabel={VERIFICATION_MESSAGES.approving}
      pending={approve.isPending}
      onConfirm={onConfirm}
      destructive={false}
    >
      {verification.renewalDue ? <RenewalWarning /> : null}
      {noDocuments ? (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-reason`}>{VERIFICATION_MESSAGES.approveReasonLabel}</Label>
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            {VERIFICATION_MESSAGES.approveNoDocuments}
          </p>
          <Textarea
            id={`${id}-reason`}
            rows={4}
            maxLength={1000}
            required
            value={reason}
            aria-invalid={error ? true : undefined}
            aria-describedby={[`${id}-hint`, errorId].filter(Boolean).join(' ')}
            onChange={(event) => setReason(event.target.value)}
          />
          {error && errorId ? <FieldError id={errorId}>{error}</FieldError> : null}
        </div>
      ) : null}
    </ConfirmDialog>
  );
}

function VerificationItem({ verification }: { verification: AdminVerification }) {
  const [approving, setApproving] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const headingId = useId();

  const summary = describeDbsCheck({
    dbsLevel: verification.dbsLevel,
    dbsIssuedMonth: verification.dbsIssueDate.slice(0, 7),
    dbsUpdateService: verification.dbsUpdateService,
  });

  return (
    <li>
      <Card className="grid gap-4 p-4 sm:p-6" data-testid="verification-item">
        <article aria-labelledby={headingId} className="grid gap-4">
          <header className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h3 id={headingId} className="text-lg font-semibold">
                {verification.carerName}
              </h3>
              <p className="text-sm break-all text-muted-foreground">
                {verification.carerEmail ?? 'No account email'}
              </p>
              <p className="text-sm text-muted-foreground">{`Submitted ${formatDateGB(verification.submittedAt)}`}</p>
            </div>
            <StatusBadge status={verification.status} />
          </header>

          {verification.renewalDue ? <RenewalWarning /> : null}

          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <Detail label="DBS check" wide>
              {summary}
            </Detail>
            <Detail label="DBS issue date">{formatDateGB(`${verification.dbsIssueDate}T00:00:00Z`)}</Detail>
            <Detail label="Certificate number">
              <span className="font-mono">{groupDigits(verification.dbsCertificateNumber)}</span>
            </Detail>
            <Detail label="Workforce">
              {verification.dbsWorkforce ? DBS_WORKFORCE_LABELS[verification.dbsWorkforce] : 'Not given'}
            </Detail>
            <Detail label="On the Update Service">{verification.dbsUpdateService ? 'Yes' : 'No'}</Detail>
            {verification.rightToWorkExpiresOn ? (
              <Detail label="Permission to work ends">
                {formatCheckDate(verification.rightToWorkExpiresOn)}
              </Detail>
            ) : null}
            {verification.statusChecks.length > 0 ? (
              <Detail label="Update Service status checks" wide>
                <ul className="grid gap-1">
                  {verification.statusChecks.map((check) => (
                    <li key={check.id}>
                      {`${formatCheckDate(check.checkedOn)}: ${DBS_STATUS_RESULT_LABELS[check.result]}${check.recordedBy ? ` (by ${check.recordedBy})` : ''}`}
                    </li>
                  ))}
                </ul>
              </Detail>
            ) : null}
            <Detail label="Right to work">
              {verification.rightToWorkMethod === 'share_code'
                ? `Share code ${verification.rightToWorkShareCode ?? '(missing)'}`
                : RIGHT_TO_WORK_LABELS.passport}
            </Detail>
            <Detail label="References" wide>
              <ul className="grid gap-2 sm:grid-cols-2">
                {verification.references.map((reference, index) => (
                  <li key={index} className="rounded-md bg-muted p-3">
                    <p className="font-medium">{reference.name}</p>
                    <p className="text-muted-foreground">{reference.relationship}</p>
                    <p className="break-all">{reference.contact}</p>
                  </li>
                ))}
              </ul>
            </Detail>
            <Detail label="Documents" wide>
              {verification.dbsDocumentDeletedAt ? (
                <p className="mb-2 text-muted-foreground">
                  {`The DBS certificate scan was deleted on ${formatDateGB(verification.dbsDocumentDeletedAt)}: its retention period was over.`}
                </p>
              ) : null}
              {verification.documents.length === 0 ? (
                'No documents'
              ) : (
                <ul className="flex flex-wrap gap-2">
                  {verification.documents.map((document) => (
                    <li key={document.id}>
                      <a
                        href={document.downloadUrl}
                        download
                        className="inline-flex min-h-10 items-center gap-2 rounded-md border border-border px-3 py-2 font-medium text-primary underline-offset-4 hover:underline"
                      >
                        <Download aria-hidden="true" className="size-4" />
                        {`${DOCUMENT_LABELS[document.field]} (${formatSize(document.sizeBytes)})`}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </Detail>
            {verification.status === 'rejected' && verification.rejectionReason ? (
              <Detail label="Reason given" wide>
                <span className="whitespace-pre-line">{verification.rejectionReason}</span>
              </Detail>
            ) : null}
            {verification.reviewedAt ? (
              <Detail label="Reviewed">
                {formatDateGB(verification.reviewedAt)}
                {verification.reviewedBy ? ` by ${verification.reviewedBy}` : ''}
              </Detail>
            ) : null}
          </dl>

          {verification.status === 'approved' && verification.dbsUpdateService ? (
            <StatusCheckForm verificationId={verification.id} />
          ) : null}

          {verification.status === 'pending' ? (
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button onClick={() => setApproving(true)}>
                <BadgeCheck aria-hidden="true" />
                Approve
              </Button>
              <ApproveDialog verification={verification} open={approving} onOpenChange={setApproving} />
              <Button variant="outline" onClick={() => setRejecting(true)}>
                <X aria-hidden="true" />
                Reject
              </Button>
              <RejectDialog verification={verification} open={rejecting} onOpenChange={setRejecting} />
            </div>
          ) : null}
        </article>
      </Card>
    </li>
  );
}

/**
 * Admin dashboard tab: carers' submitted checks to approve or reject (decision 0009), a page at a
 * time and searched by the carer's name or email.
 */
export function VerificationQueue() {
  const [status, setStatus] = useState<VerificationFilter>('pending');
  const [q, setQ] = useState('');
  const list = useAdminVerifications(status, q);

  return (
    <AdminQueue
      headingId="verification-queue-heading"
      title="Verifications"
      intro="Check each document against the details, then approve or give a reason."
      filter={{ value: status, options: FILTER_OPTIONS, onChange: setStatus }}
      search={{
        label: 'Search verifications',
        fieldLabel: ADMIN_LIST_MESSAGES.verificationSearchLabel,
        onSearch: setQ,
      }}
      list={list}
      q={q}
      text={{
        loading: 'Loading verifications...',
        failed: 'Failed to load verifications.',
        empty: status === 'pending' ? 'No checks are waiting for review.' : 'No verifications found.',
        listLabel: 'Verifications',
        noun: 'verifications',
      }}
      renderItem={(verification) => <VerificationItem verification={verification} />}
    />
  );
}
