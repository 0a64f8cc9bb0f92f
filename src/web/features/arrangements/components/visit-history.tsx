import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Check, History, RotateCw, Send } from 'lucide-react';
import type { Arrangement } from '@contracts/arrangements';
import { NOTE_REPLY_MAX, visitRecordChoices, type VisitRecord } from '@contracts/visit-records';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { FieldError } from '@web/components/ui/text-field';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, fieldErrors } from '@web/lib/api-client';
import { describeNotice, formatDayDate, formatTimeRange } from './arrangement-format';
import { describeRecord, RecordAfterwardsDialog } from './visit-record-forms';
import { useArrangements } from '../api/arrangements-api';
import { useVisitHistory, useVisitRecordStep } from '../api/visit-records-api';

/** '/my-care/{id}/history': the printable history of one arrangement's visits. */
export function visitHistoryPath(id: string): string {
  return `/my-care/${encodeURIComponent(id)}/history`;
}

/** The family's reply under a note; the keyboard goes to the new reply's list afterwards. */
function ReplyForm({ visit, label, onSent }: { visit: VisitRecord; label: string; onSent: () => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const step = useVisitRecordStep(visit.id);
  const id = `${useId().replace(/:/g, '')}-reply`;
  const send = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    step.mutate(
      { step: 'reply', text: text.trim() },
      {
        onSuccess: () => {
          setText('');
          toast({ title: 'Reply Sent', description: `${visit.carerName} can read it with the note.` });
          onSent();
        },
        onError: (failure) =>
          setError(
            fieldErrors(failure).text ??
              errorMessage(failure, 'Your reply could not be sent. Please try again.'),
          ),
      },
    );
  };
  return (
    <form onSubmit={send} className="grid gap-2 print:hidden" noValidate>
      <Label htmlFor={id}>{`Reply to the note ${label}`}</Label>
      <Textarea
        id={id}
        rows={2}
        maxLength={NOTE_REPLY_MAX}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
      <div>
        <Button type="submit" size="sm" variant="secondary" aria-disabled={step.isPending || undefined}>
          {step.isPending ? <Spinner /> : <Send aria-hidden="true" />}
          Send reply
        </Button>
      </div>
    </form>
  );
}

/** One past visit: its times, what the carer recorded, any notice, the note and its replies. */
export function VisitRecordItem({
  visit,
  isCarer,
  ticks,
  headingLevel,
}: {
  visit: VisitRecord;
  isCarer: boolean;
  ticks: string[];
  headingLevel: 3 | 4;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const label = `on ${formatDayDate(visit.date, false)} at ${visit.start}`;
  const cancelled = visit.status === 'cancelled';
  const recorded = describeRecord(visit);
  const notice = describeNotice(visit);
  const repliesRef = useRef<HTMLUListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const canRecord = isCarer && visitRecordChoices(visit, new Date()).recordAfterwards;
  // After a reply the keyboard goes to the replies, once the list with the new one is drawn
  // (it may be drawn before the reply's answer is handled, or after).
  const focusReplies = useRef(false);
  const replyCount = visit.note?.replies.length ?? 0;
  const focusRepliesIfShown = () => {
    if (focusReplies.current && repliesRef.current) {
      focusReplies.current = false;
      repliesRef.current.focus();
    }
  };
  useEffect(focusRepliesIfShown, [replyCount]);
  return (
    <li
      data-testid="visit-history-item"
      className="grid gap-2 rounded-md border border-border p-3 print:break-inside-avoid"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading ref={headingRef} tabIndex={-1} className="font-semibold focus:outline-none">
          {`${formatDayDate(visit.date)}, ${formatTimeRange(visit.start, visit.end)}`}
        </Heading>
        {cancelled ? (
          <Badge variant="muted">Cancelled</Badge>
        ) : visit.recordedAfterwards ? (
          <Badge variant="secondary">Recorded afterwards</Badge>
        ) : null}
      </div>
      {cancelled ? null : (
        <p className="text-sm" data-testid="visit-times">
          {recorded ?? 'No check-in recorded.'}
        </p>
      )}
      {visit.recordedReason ? (
        <p className="text-sm text-muted-foreground">{`Why recorded afterwards: ${visit.recordedReason}`}</p>
      ) : null}
      {notice ? <p className="text-sm text-muted-foreground">{`Notice: ${notice}`}</p> : null}
      {visit.note ? (
        <div className="grid gap-2 rounded-md bg-muted p-3" data-testid="visit-note">
          <p className="text-sm font-medium">{`Note from ${visit.carerName}`}</p>
          {visit.note.ticks.length > 0 ? (
            <ul className="flex flex-wrap gap-2" aria-label="Done on this visit">
              {visit.note.ticks.map((tick) => (
                <li
                  key={tick}
                  className="inline-flex items-center gap-1 rounded-full border border-border bg-background px-2 py-0.5 text-sm"
                >
                  <Check aria-hidden="true" className="size-3.5" />
                  {tick}
                </li>
              ))}
            </ul>
          ) : null}
          {visit.note.text ? <p className="whitespace-pre-wrap text-sm">{visit.note.text}</p> : null}
          {visit.note.replies.length > 0 ? (
            <ul
              ref={repliesRef}
              tabIndex={-1}
              className="grid gap-1.5 focus:outline-none"
              aria-label="Replies"
            >
              {visit.note.replies.map((reply) => (
                <li
                  key={reply.id}
                  className="rounded-md border border-border bg-background p-2 text-sm"
                  data-testid="note-reply"
                >
                  <span className="font-medium">{`${reply.authorName}: `}</span>
                  <span className="whitespace-pre-wrap">{reply.text}</span>
                </li>
              ))}
            </ul>
          ) : null}
          {isCarer ? null : (
            <ReplyForm
              visit={visit}
              label={label}
              onSent={() => {
                focusReplies.current = true;
                requestAnimationFrame(focusRepliesIfShown);
              }}
            />
          )}
        </div>
      ) : null}
      {canRecord ? (
        <div className="print:hidden">
          <RecordAfterwardsDialog
            visit={visit}
            ticks={ticks}
            label={label}
            onDone={() => requestAnimationFrame(() => headingRef.current?.focus())}
          />
        </div>
      ) : null}
    </li>
  );
}

/**
 * An arrangement's past visits, newest first: `pageSize` of them, and with `paged` a button for
 * older ones (the history page); otherwise a link to that page.
 */
export function VisitHistoryList({
  arrangement,
  isCarer,
  pageSize,
  paged = false,
  headingLevel,
  enabled = true,
}: {
  arrangement: Arrangement;
  isCarer: boolean;
  pageSize: number;
  paged?: boolean;
  headingLevel: 3 | 4;
  enabled?: boolean;
}) {
  const history = useVisitHistory(arrangement.id, pageSize, enabled);
  if (history.isPending) {
    return (
      <div role="status">
        <span className="sr-only">Loading past visits</span>
        <Skeleton className="h-24" />
      </div>
    );
  }
  if (history.isError) {
    return (
      <Alert variant="destructive" role="alert" className="flex-col items-start">
        <p>{errorMessage(history.error, 'We could not load the past visits. Please try again.')}</p>
        <Button variant="outline" size="sm" onClick={() => void history.refetch()}>
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
      </Alert>
    );
  }
  const visits = history.data.pages.flatMap((page) => page.items);
  if (visits.length === 0) {
    return <p className="text-sm text-muted-foreground">No past visits yet.</p>;
  }
  return (
    <div className="grid gap-3">
      <ul className="grid gap-2">
        {visits.map((visit) => (
          <VisitRecordItem
            key={visit.id}
            visit={visit}
            isCarer={isCarer}
            ticks={arrangement.noteTicks}
            headingLevel={headingLevel}
          />
        ))}
      </ul>
      {paged && history.hasNextPage ? (
        <Button
          variant="outline"
          className="w-fit print:hidden"
          aria-disabled={history.isFetchingNextPage || undefined}
          onClick={() => (history.isFetchingNextPage ? undefined : void history.fetchNextPage())}
        >
          {history.isFetchingNextPage ? <Spinner /> : null}
          Show older visits
        </Button>
      ) : null}
    </div>
  );
}

/** How many past visits each arrangement shows on /my-care and the Schedule tab. */
const RECENT_VISITS = 3;

/**
 * The recent past visits of each arrangement that has had visits (accepted or ended), with the
 * notes; the family replies here, the carer records a visit afterwards. The full, printable
 * history is a page of its own.
 */
export function PastVisits({ isCarer, enabled = true }: { isCarer: boolean; enabled?: boolean }) {
  const arrangements = useArrangements({ enabled });
  const headingId = `${useId().replace(/:/g, '')}-past`;
  const withVisits = (arrangements.data?.items ?? []).filter(
    (item) => item.status === 'accepted' || item.status === 'ended',
  );
  if (withVisits.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div className="grid gap-1">
        {/* Not "… Visits": the agenda's heading is found by that name. */}
        <h2 id={headingId} className="text-xl font-semibold">
          Visit history
        </h2>
        <p className="text-sm text-muted-foreground">
          {isCarer
            ? 'When you came and went, and your notes for the family. Missed a check-in? Record the visit afterwards.'
            : 'When your carer came and went, and their notes. You can reply to a note.'}
        </p>
      </div>
      {withVisits.map((arrangement) => (
        <div key={arrangement.id} className="grid gap-2">
          <h3 className="font-semibold">
            {arrangement.careFor
              ? `${arrangement.careFor}, with ${arrangement.partnerName}`
              : `With ${arrangement.partnerName}`}
          </h3>
          <VisitHistoryList
            arrangement={arrangement}
            isCarer={isCarer}
            pageSize={RECENT_VISITS}
            headingLevel={4}
            enabled={enabled}
          />
          <Link
            to={visitHistoryPath(arrangement.id)}
            className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            <History aria-hidden="true" className="size-4" />
            {`Full visit history with ${arrangement.partnerName} (printable)`}
          </Link>
        </div>
      ))}
    </section>
  );
}
