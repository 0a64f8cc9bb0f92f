import { useId, useState, type FormEvent } from 'react';
import { Ban, CircleCheck, LogOut, MessageSquareWarning, ShieldOff, UserCheck } from 'lucide-react';
import { Link } from 'react-router';
import { ADMIN_LIST_MESSAGES, ADMIN_MESSAGES } from '@contracts/admin';
import { carerProfilePath } from '@contracts/paths';
import {
  ResolveReportInput,
  type AdminReport,
  type ReportAccount,
  type ReportAction,
} from '@contracts/safeguarding';
import { DialogButtons, FormDialog } from '@web/components/form-dialog';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { FieldError } from '@web/components/ui/text-field';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, fieldErrors } from '@web/lib/api-client';
import { formatDateGB } from '@web/lib/format';
import {
  useAdminReports,
  useEndSessions,
  useResolveReport,
  useUnsuspendUser,
  type ReportFilter,
} from '../api/safeguarding';
import { AdminQueue, Detail } from '@web/features/admin';
import { formatDateTimeGB } from '@web/features/audit';

const FILTER_OPTIONS = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'dismissed', label: 'Dismissed' },
  { value: 'all', label: 'All' },
] as const satisfies readonly { value: ReportFilter; label: string }[];

const ROLE_LABELS: Record<ReportAccount['role'], string> = {
  customer: 'Customer',
  carer: 'Carer',
  admin: 'Admin',
};

const ACTION_TEXT: Record<
  ReportAction,
  { title: string; button: string; pending: string; toast: string; noteLabel: string; noteHint: string }
> = {
  dismiss: {
    title: 'Dismiss this report',
    button: 'Dismiss Report',
    pending: 'Dismissing...',
    toast: 'Report dismissed.',
    noteLabel: 'Note (optional)',
    noteHint: 'For the record: why no action is needed.',
  },
  warn: {
    title: 'Warn the account holder',
    button: 'Send Warning',
    pending: 'Sending...',
    toast: 'Warning sent. The report is resolved.',
    noteLabel: 'Warning',
    noteHint: 'Emailed to the account holder as written.',
  },
  suspend: {
    title: 'Suspend this account?',
    button: 'Suspend Account',
    pending: 'Suspending...',
    toast: 'Account suspended. The report is resolved.',
    noteLabel: 'Note (optional)',
    noteHint: 'For the record: why the account is suspended.',
  },
};

const RESOLUTION_LABELS: Record<ReportAction, string> = {
  dismiss: 'Dismissed',
  warn: 'Warning sent',
  suspend: 'Account suspended',
};

function accountLabel(account: ReportAccount): string {
  return `${account.name} (${account.email})`;
}

function AccountDetail({ label, account }: { label: string; account: ReportAccount | null }) {
  return (
    <Detail label={label}>
      {account ? (
        <span className="flex flex-wrap items-center gap-2">
          <span className="break-all">{accountLabel(account)}</span>
          <Badge variant="outline">{ROLE_LABELS[account.role]}</Badge>
          {account.suspendedAt ? (
            <Badge variant="destructive">{`Suspended ${formatDateGB(account.suspendedAt)}`}</Badge>
          ) : null}
        </span>
      ) : (
        'Deleted account'
      )}
    </Detail>
  );
}

const SUBJECT_WORDS: Record<AdminReport['subject']['kind'], string> = {
  review: 'a review',
  conversation: 'a conversation',
  carer: "a carer's profile",
};

function ReportContext({ subject }: { subject: AdminReport['subject'] }) {
  if (subject.kind === 'carer') {
    return (
      <Detail label="Carer's profile" wide>
        <Link to={carerProfilePath(subject.carerId)} className="text-primary underline underline-offset-4">
          {subject.carerName || 'The carer'}
        </Link>
      </Detail>
    );
  }
  if (subject.kind === 'review') {
    return (
      <Detail label={`Review of ${subject.carerName}`} wide>
        <figure className="rounded-md bg-muted p-3">
          <p className="text-sm text-muted-foreground">
            {`${subject.rating} out of 5 stars · ${formatDateGB(subject.createdAt)}`}
          </p>
          <blockquote className="mt-1 whitespace-pre-line">{subject.comment}</blockquote>
        </figure>
      </Detail>
    );
  }
  return (
    <Detail label="Conversation" wide>
      {subject.messages.length === 0 ? (
        'No messages'
      ) : (
        <ol
          className="grid max-h-80 gap-2 overflow-y-auto rounded-md bg-muted p-3"
          tabIndex={0}
          aria-label="Messages"
        >
          {subject.messages.map((message) => (
            <li key={message.id} className="grid gap-0.5">
              <p className="text-xs text-muted-foreground">
                <span className="font-semibold text-foreground">{message.senderName}</span>
                {` · ${formatDateTimeGB(message.createdAt)}`}
              </p>
              <p className="whitespace-pre-line">{message.content}</p>
            </li>
          ))}
        </ol>
      )}
    </Detail>
  );
}

function ResolveDialog({
  report,
  action,
  onClose,
}: {
  report: AdminReport;
  action: ReportAction;
  onClose: () => void;
}) {
  const resolve = useResolveReport();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const text = ACTION_TEXT[action];
  const who = report.reported ? accountLabel(report.reported) : 'the reported account';

  const description =
    action === 'suspend'
      ? `${who} will be signed out and unable to sign in${report.reported?.role === 'carer' ? ', and their profile disappears from search' : ''}. You can unsuspend the account later.`
      : action === 'warn'
        ? `Write the warning ${who} will receive by email.`
        : 'The report is closed with no action against anyone.';

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (resolve.isPending) return;
    const parsed = ResolveReportInput.safeParse({ action, note });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ADMIN_MESSAGES.warningRequired);
      document.getElementById(`${id}-note`)?.focus();
      return;
    }
    setError(null);
    resolve.mutate(
      { id: report.id, input: parsed.data },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: text.toast });
          onClose();
        },
        onError: (failure) => {
          setError(fieldErrors(failure).note ?? null);
          toast({
            variant: 'destructive',
            title: 'Error',
            description: errorMessage(failure, 'Failed to resolve the report.'),
          });
        },
      },
    );
  }

  const errorId = error ? `${id}-note-error` : undefined;
  return (
    <FormDialog
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={text.title}
      description={description}
      role={action === 'suspend' ? 'alertdialog' : 'dialog'}
    >
      <form noValidate onSubmit={handleSubmit} className="mt-4 grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-note`}>{text.noteLabel}</Label>
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            {text.noteHint}
          </p>
          <Textarea
            id={`${id}-note`}
            rows={4}
            maxLength={2000}
            value={note}
            aria-invalid={error ? true : undefined}
            aria-describedby={[`${id}-hint`, errorId].filter(Boolean).join(' ')}
            onChange={(event) => setNote(event.target.value)}
          />
          {error && errorId ? <FieldError id={errorId}>{error}</FieldError> : null}
        </div>
        <DialogButtons
          submitLabel={text.button}
          pendingLabel={text.pending}
          pending={resolve.isPending}
          destructive={action === 'suspend'}
        />
      </form>
    </FormDialog>
  );
}

function UnsuspendButton({ account }: { account: ReportAccount }) {
  const unsuspend = useUnsuspendUser();
  return (
    <Button
      variant="outline"
      aria-disabled={unsuspend.isPending || undefined}
      onClick={() => {
        if (unsuspend.isPending) return;
        unsuspend.mutate(account.id, {
          onSuccess: () => toast({ title: 'Success', description: `${account.name} can sign in again.` }),
          onError: (failure) =>
            toast({
              variant: 'destructive',
              title: 'Error',
              description: errorMessage(failure, 'Failed to unsuspend the account.'),
            }),
        });
      }}
    >
      {unsuspend.isPending ? <Spinner /> : <UserCheck aria-hidden="true" />}
      {`Unsuspend ${account.name}`}
    </Button>
  );
}

/** Ends every session of the account without suspending it: a stolen session stops at once. */
function EndSessionsButton({ account }: { account: ReportAccount }) {
  const endSessions = useEndSessions();
  return (
    <Button
      variant="outline"
      aria-disabled={endSessions.isPending || undefined}
      onClick={() => {
        if (endSessions.isPending) return;
        endSessions.mutate(account.id, {
          onSuccess: ({ sessionsEnded }) =>
            toast({
              title: 'Success',
              description:
                sessionsEnded === 0
                  ? `${account.name} was not signed in anywhere.`
                  : `${account.name} has been signed out on ${sessionsEnded === 1 ? '1 device' : `${sessionsEnded} devices`}.`,
            }),
          onError: (failure) =>
            toast({
              variant: 'destructive',
              title: 'Error',
              description: errorMessage(failure, 'Failed to sign the account out.'),
            }),
        });
      }}
    >
      {endSessions.isPending ? <Spinner /> : <LogOut aria-hidden="true" />}
      {`Sign ${account.name} out everywhere`}
    </Button>
  );
}

function StatusBadge({ report }: { report: AdminReport }) {
  if (report.status === 'open') return <Badge variant="destructive">Open</Badge>;
  if (report.status === 'dismissed') return <Badge variant="muted">Dismissed</Badge>;
  return <Badge variant="success">Resolved</Badge>;
}

function ReportItem({ report }: { report: AdminReport }) {
  const [action, setAction] = useState<ReportAction | null>(null);
  const headingId = useId();
  const reported = report.reported;
  const canActOnAccount = Boolean(reported && reported.role !== 'admin');

  return (
    <li>
      <Card className="p-4 sm:p-6" data-testid="report-item">
        <article aria-labelledby={headingId} className="grid gap-4">
          <header className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h3 id={headingId} className="text-lg font-semibold">
                {report.reason}
              </h3>
              <p className="text-sm text-muted-foreground">
                {`Reported ${formatDateTimeGB(report.createdAt)} · ${SUBJECT_WORDS[report.subject.kind]}`}
              </p>
            </div>
            <StatusBadge report={report} />
          </header>

          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <Detail label="Details" wide>
              <span className="whitespace-pre-line">{report.details || 'No details given.'}</span>
            </Detail>
            <AccountDetail label="Reported by" account={report.reporter} />
            <AccountDetail label="Reported account" account={reported} />
            <ReportContext subject={report.subject} />
            {report.resolution ? (
              <Detail label="Outcome" wide>
                {`${RESOLUTION_LABELS[report.resolution]}${report.resolvedAt ? ` on ${formatDateGB(report.resolvedAt)}` : ''}`}
                {report.resolutionNote ? (
                  <span className="mt-1 block whitespace-pre-line text-muted-foreground">
                    {report.resolutionNote}
                  </span>
                ) : null}
              </Detail>
            ) : null}
          </dl>

          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {report.status === 'open' ? (
              <>
                <Button variant="outline" onClick={() => setAction('dismiss')}>
                  <CircleCheck aria-hidden="true" />
                  Dismiss
                </Button>
                {canActOnAccount ? (
                  <Button variant="outline" onClick={() => setAction('warn')}>
                    <MessageSquareWarning aria-hidden="true" />
                    Warn
                  </Button>
                ) : null}
                {canActOnAccount && !reported?.suspendedAt ? (
                  <Button variant="destructive" onClick={() => setAction('suspend')}>
                    <Ban aria-hidden="true" />
                    Suspend
                  </Button>
                ) : null}
              </>
            ) : null}
            {reported?.suspendedAt ? <UnsuspendButton account={reported} /> : null}
            {reported && canActOnAccount && !reported.suspendedAt ? (
              <EndSessionsButton account={reported} />
            ) : null}
          </div>
          {action ? <ResolveDialog report={report} action={action} onClose={() => setAction(null)} /> : null}
        </article>
      </Card>
    </li>
  );
}

/** Admin dashboard tab: reports of conversations and reviews, with their context (decision 0009). */
export function SafeguardingQueue() {
  const [status, setStatus] = useState<ReportFilter>('open');
  const [q, setQ] = useState('');
  const list = useAdminReports(status, q);

  return (
    <AdminQueue
      headingId="safeguarding-queue-heading"
      icon={<ShieldOff aria-hidden="true" className="size-5" />}
      title="Safeguarding"
      intro="Reports from families and carers. Read the context before you act."
      filter={{ value: status, options: FILTER_OPTIONS, onChange: setStatus }}
      search={{ label: 'Search reports', fieldLabel: ADMIN_LIST_MESSAGES.reportSearchLabel, onSearch: setQ }}
      list={list}
      q={q}
      text={{
        loading: 'Loading reports...',
        failed: 'Failed to load reports.',
        empty: status === 'open' ? 'No open reports.' : 'No reports found.',
        listLabel: 'Reports',
        noun: 'reports',
      }}
      renderItem={(report) => <ReportItem report={report} />}
    />
  );
}
