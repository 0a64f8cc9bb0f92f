import { useEffect, useId, useRef, useState } from 'react';
import { AlarmClock, Ban, CalendarDays, CircleAlert, RotateCw, Undo2 } from 'lucide-react';
import type { Visit, VisitNotice } from '@contracts/arrangements';
import {
  LATE_MINUTES,
  NOTICE_UNDO_MINUTES,
  RUNNING_LATE_FROM_MINUTES,
  visitNoticeChoices,
  type LateMinutes,
} from '@contracts/visit-notices';
import { visitRecordChoices } from '@contracts/visit-record-times';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { cn } from '@web/lib/utils';
import {
  describeNotice,
  formatDayDate,
  formatTimeRange,
  groupVisitsByDay,
  VISIT_NOTICE_LABELS,
} from './arrangement-format';
import { useArrangements, useVisitAction, useVisits } from '../api/arrangements-api';
import { CheckInOut, describeRecord } from './visit-record-forms';

function CancelVisit({ visit, label }: { visit: Visit; label: string }) {
  const [open, setOpen] = useState(false);
  const action = useVisitAction(visit.id);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" size="sm" aria-label={`Cancel the visit ${label}`}>
          <Ban aria-hidden="true" />
          Cancel visit
        </Button>
      }
      title="Cancel this visit?"
      description={
        <p>{`The visit ${label} will be cancelled, and ${visit.partnerName} will be told. The other visits stay as agreed.`}</p>
      }
      confirmLabel="Cancel visit"
      keepLabel="Keep the visit"
      busy={action.isPending}
      onConfirm={() =>
        action.mutate(
          { action: 'cancel' },
          {
            onSuccess: () => {
              setOpen(false);
              toast({ title: 'Visit Cancelled', description: `${visit.partnerName} has been told.` });
            },
            onError: (error) => {
              setOpen(false);
              toast({
                variant: 'destructive',
                title: 'Error',
                description: errorMessage(error, 'The visit could not be cancelled. Please try again.'),
              });
            },
          },
        )
      }
    />
  );
}

/** "Running late by 20 minutes": the notice as the buttons and toasts word it. */
const lateLabel = (minutes: LateMinutes) => (minutes === 60 ? '1 hour' : `${minutes} min`);

/**
 * The carer's notices, each one tap, with a note they may add first: "running late" (by how much)
 * from two hours before the visit until it ends, "can't make it" before it starts, and an undo for
 * the first few minutes after sending one. Only what the server would accept now is offered.
 */
function VisitNotices({ visit, label, now }: { visit: Visit; label: string; now: number }) {
  const [noting, setNoting] = useState(false);
  const [note, setNote] = useState('');
  const [sending, setSending] = useState<string | null>(null);
  const action = useVisitAction(visit.id);
  const noteId = useId().replace(/:/g, '');
  const lateId = useId().replace(/:/g, '');
  const choices = visitNoticeChoices(visit, new Date(now));

  const send = (kind: VisitNotice, minutesLate?: LateMinutes) => {
    if (action.isPending) return;
    setSending(minutesLate ? `${kind}-${minutesLate}` : kind);
    action.mutate(
      { action: 'notice', notice: { kind, note: note.trim(), ...(minutesLate ? { minutesLate } : {}) } },
      {
        onSuccess: () => {
          setNote('');
          setNoting(false);
          toast({
            title:
              kind === 'running_late' ? 'Family Told You Are Running Late' : 'Family Told You Can’t Make It',
            description: `${visit.partnerName} has been emailed. You can undo this for ${NOTICE_UNDO_MINUTES} minutes.`,
          });
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: errorMessage(error, 'The family could not be told. Please try again.'),
          }),
        onSettled: () => setSending(null),
      },
    );
  };

  const undo = () => {
    if (action.isPending) return;
    setSending('undo');
    action.mutate(
      { action: 'undo' },
      {
        onSuccess: () =>
          toast({
            title: 'Notice Cancelled',
            description: `${visit.partnerName} has been told the visit is as planned.`,
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: errorMessage(error, 'The notice could not be undone. Please try again.'),
          }),
        onSettled: () => setSending(null),
      },
    );
  };

  const icon = (key: string, Icon: typeof AlarmClock) =>
    sending === key ? <Spinner /> : <Icon aria-hidden="true" />;

  if (visit.notice && choices.undoUntil) {
    const until = choices.undoUntil.toLocaleTimeString('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Europe/London',
    });
    return (
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          variant="outline"
          aria-label={`Undo the notice about the visit ${label}`}
          aria-disabled={action.isPending || undefined}
          onClick={undo}
        >
          {icon('undo', Undo2)}
          Undo
        </Button>
        <p className="text-sm text-muted-foreground">{`Sent by mistake? You can undo it until ${until}.`}</p>
      </div>
    );
  }
  if (!choices.runningLate && !choices.cantMakeIt) return null;

  return (
    <div className="grid gap-2">
      {noting ? (
        <div className="grid gap-1.5">
          <Label htmlFor={noteId}>Note for the family (optional)</Label>
          <Input id={noteId} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
        </div>
      ) : null}
      {choices.runningLate ? (
        <div role="group" aria-labelledby={lateId} className="flex flex-wrap items-center gap-2">
          <span id={lateId} className="text-sm font-medium">
            Running late by
          </span>
          {LATE_MINUTES.map((minutes) => (
            <Button
              key={minutes}
              size="sm"
              variant="secondary"
              aria-label={`Running late by ${minutes === 60 ? '1 hour' : `${minutes} minutes`}: tell the family about the visit ${label}`}
              aria-disabled={action.isPending || undefined}
              onClick={() => send('running_late', minutes)}
            >
              {icon(`running_late-${minutes}`, AlarmClock)}
              {lateLabel(minutes)}
            </Button>
          ))}
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {choices.cantMakeIt ? (
          <Button
            size="sm"
            variant="outline"
            aria-label={`${VISIT_NOTICE_LABELS.cant_make_it}: tell the family about the visit ${label}`}
            aria-disabled={action.isPending || undefined}
            onClick={() => send('cant_make_it')}
          >
            {icon('cant_make_it', CircleAlert)}
            {VISIT_NOTICE_LABELS.cant_make_it}
          </Button>
        ) : null}
        {noting ? null : (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setNoting(true)}
            aria-label={`Add a note for the visit ${label}`}
          >
            Add a note
          </Button>
        )}
      </div>
      {choices.runningLate ? null : (
        <p className="text-sm text-muted-foreground">
          {`Running late? You can tell the family from ${RUNNING_LATE_FROM_MINUTES / 60} hours before the visit.`}
        </p>
      )}
    </div>
  );
}

function VisitItem({
  visit,
  isCarer,
  now,
  ticks,
}: {
  visit: Visit;
  isCarer: boolean;
  now: number;
  ticks: string[];
}) {
  const label = `on ${formatDayDate(visit.date, false)} at ${visit.start}`;
  const cancelled = visit.status === 'cancelled';
  // A backup took it (decision 0037): theirs to check in to, not the arrangement's carer's.
  const covered = visit.coverName !== null;
  const toCome = !cancelled && new Date(visit.startsAt).getTime() > now;
  const notice = describeNotice(visit);
  const recorded = describeRecord(visit);
  const record = visitRecordChoices(visit, new Date(now));
  const timeRef = useRef<HTMLParagraphElement>(null);
  return (
    <li
      data-testid="visit"
      className={cn('grid gap-3 rounded-md border border-border p-3', cancelled && 'bg-muted')}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <p
            ref={timeRef}
            tabIndex={-1}
            className={cn('font-semibold focus:outline-none', cancelled && 'line-through')}
          >
            {formatTimeRange(visit.start, visit.end)}
          </p>
          <p className="text-sm text-muted-foreground">{`With ${visit.partnerName}`}</p>
          {visit.coverName && !cancelled ? (
            <p className="text-sm font-medium">{`Covered by ${visit.coverName}`}</p>
          ) : null}
        </div>
        <Badge variant={cancelled ? 'muted' : 'success'}>{cancelled ? 'Cancelled' : 'Scheduled'}</Badge>
      </div>
      {notice ? (
        <p
          data-testid="visit-notice"
          className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm font-medium text-amber-950"
        >
          <AlarmClock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span className="min-w-0">{notice}</span>
        </p>
      ) : null}
      {recorded ? (
        <p data-testid="visit-record" className="text-sm font-medium">
          {visit.hasNote ? `${recorded}. Note written.` : recorded}
        </p>
      ) : null}
      {isCarer && !cancelled && !covered ? (
        <CheckInOut
          visit={visit}
          ticks={ticks}
          label={label}
          canCheckIn={record.checkIn}
          canCheckOut={record.checkOut}
          onDone={() => requestAnimationFrame(() => timeRef.current?.focus())}
        />
      ) : null}
      {isCarer && !cancelled && !covered && !visit.checkedInAt ? (
        <VisitNotices visit={visit} label={label} now={now} />
      ) : null}
      {toCome ? (
        <div>
          <CancelVisit visit={visit} label={label} />
        </div>
      ) : null}
    </li>
  );
}

/** The time now, moved on every half minute: the notice windows open and close as it passes. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * The visits of the coming weeks, by day: time, the other person, whether it goes ahead and any
 * notice. Carers send "Running late" and "Can't make it" around the visit, and may undo one for a
 * few minutes; either side cancels one visit.
 */
export function VisitAgenda({
  isCarer,
  headingLevel = 2,
  enabled = true,
}: {
  isCarer: boolean;
  headingLevel?: 2 | 3;
  enabled?: boolean;
}) {
  const visits = useVisits({ enabled });
  const arrangements = useArrangements({ enabled });
  const now = useNow();
  const ticksOf = new Map((arrangements.data?.items ?? []).map((item) => [item.id, item.noteTicks]));
  // Visits over are in the history below, but for one the carer can still check out of.
  const shown = (visits.data?.items ?? []).filter(
    (visit) =>
      new Date(visit.endsAt).getTime() > now ||
      (isCarer && visitRecordChoices(visit, new Date(now)).checkOut),
  );
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const DayHeading = headingLevel === 2 ? 'h3' : 'h4';
  const headingId = useId().replace(/:/g, '');

  let body;
  if (visits.isPending) {
    body = (
      <div role="status" className="grid gap-3">
        <span className="sr-only">Loading your visits</span>
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
    );
  } else if (visits.isError) {
    body = (
      <Alert variant="destructive" role="alert" className="flex-col items-start">
        <p>{errorMessage(visits.error, 'We could not load your visits. Please try again.')}</p>
        <Button variant="outline" size="sm" onClick={() => void visits.refetch()}>
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
      </Alert>
    );
  } else if (shown.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-border px-6 py-10 text-center">
        <CalendarDays aria-hidden="true" className="size-6 text-muted-foreground" />
        <p className="font-medium">No visits in the next four weeks</p>
        <p className="max-w-md text-sm text-muted-foreground">
          {isCarer
            ? 'When you accept a family’s care arrangement, its visits appear here.'
            : 'When a carer accepts your care arrangement, its visits appear here. Propose one from your conversation with them.'}
        </p>
      </div>
    );
  } else {
    body = (
      <ol className="grid gap-5" aria-labelledby={headingId}>
        {groupVisitsByDay(shown).map(({ date, visits: day }) => (
          <li key={date} className="grid gap-2">
            <DayHeading className="font-semibold">{formatDayDate(date)}</DayHeading>
            <ul className="grid gap-2">
              {day.map((visit) => (
                <VisitItem
                  key={visit.id}
                  visit={visit}
                  isCarer={isCarer}
                  now={now}
                  ticks={ticksOf.get(visit.arrangementId) ?? []}
                />
              ))}
            </ul>
          </li>
        ))}
      </ol>
    );
  }

  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div className="grid gap-1">
        <Heading id={headingId} className="text-xl font-semibold">
          Visits
        </Heading>
        <p className="text-sm text-muted-foreground">
          The next four weeks, in UK time. Times stay the same when the clocks change.
        </p>
      </div>
      {body}
    </section>
  );
}
