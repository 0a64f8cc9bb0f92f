import { useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CloudOff, LogIn, LogOut } from 'lucide-react';
import type { Visit } from '@contracts/arrangements';
import { OFFLINE_TEXT } from '@contracts/app-install';
import { visitRecordChoices } from '@contracts/visit-record-times';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import type { QueuedStep } from '@web/lib/offline/offline-store';
import { useOnline } from '@web/lib/use-online';
import { queueStep, useQueuedSteps, useTodayAndTomorrow, type TodayDetails } from '../api/offline-today-api';
import type { CheckOutValues } from '../api/visit-records-api';
import { formatDayDate, formatTimeRange, groupVisitsByDay } from './arrangement-format';
import { NoteFields, ukClock } from './visit-record-forms';

function newId(): string {
  return crypto.randomUUID();
}

/** The visit as it will be once the waiting steps are sent. */
function withQueued(visit: Visit, queued: QueuedStep[]): Visit {
  const mine = queued.filter((step) => step.visitId === visit.id);
  const checkIn = mine.find((step) => step.step === 'checkIn');
  const checkOut = mine.find((step) => step.step === 'checkOut');
  return {
    ...visit,
    checkedInAt: visit.checkedInAt ?? checkIn?.at ?? null,
    checkedOutAt: visit.checkedOutAt ?? checkOut?.at ?? null,
  };
}

function OfflineVisit({
  visit,
  details,
  queued,
  userId,
}: {
  visit: Visit;
  details: TodayDetails | undefined;
  queued: QueuedStep[];
  userId: string;
}) {
  const queryClient = useQueryClient();
  const [writing, setWriting] = useState(false);
  const [values, setValues] = useState<CheckOutValues>({ note: '', ticks: [] });
  const idPrefix = useId().replace(/:/g, '');
  const formRef = useRef<HTMLFormElement>(null);
  const shown = withQueued(visit, queued);
  const choices = visitRecordChoices(shown, new Date());
  const label = `on ${formatDayDate(visit.date, false)} at ${visit.start}`;
  const firstName = visit.partnerName.split(' ')[0] ?? visit.partnerName;
  const waiting = queued.filter((step) => step.visitId === visit.id);

  const save = (step: 'checkIn' | 'checkOut', note: CheckOutValues = { note: '', ticks: [] }) => {
    const at = new Date().toISOString();
    const name = step === 'checkIn' ? OFFLINE_TEXT.stepCheckIn : OFFLINE_TEXT.stepCheckOut;
    void queueStep(queryClient, {
      id: newId(),
      userId,
      visitId: visit.id,
      step,
      at,
      note: note.note.trim(),
      ticks: note.ticks,
      label: `${name} ${label}, ${ukClock(at)}`,
    }).then(() => {
      if (!navigator.onLine) toast({ title: OFFLINE_TEXT.queuedToast });
    });
  };

  const checkOut = (event: FormEvent) => {
    event.preventDefault();
    save('checkOut', values);
    setWriting(false);
  };

  return (
    <li className="grid gap-2 rounded-lg border border-border p-4">
      <p className="font-medium">
        {formatTimeRange(visit.start, visit.end)} · {firstName}
      </p>
      {details?.area ? (
        <p className="text-sm">
          <span className="text-muted-foreground">{OFFLINE_TEXT.area}: </span>
          {details.area}
        </p>
      ) : null}
      {details?.careFor ? (
        <p className="text-sm">
          <span className="text-muted-foreground">{OFFLINE_TEXT.careFor}: </span>
          {details.careFor}
        </p>
      ) : null}
      {details?.careNotes ? (
        <div className="text-sm">
          <p className="text-muted-foreground">{OFFLINE_TEXT.careNotes}</p>
          <p className="whitespace-pre-line">{details.careNotes}</p>
        </div>
      ) : null}
      {shown.checkedInAt ? (
        <p className="text-sm text-muted-foreground">
          {shown.checkedOutAt
            ? `Arrived ${ukClock(shown.checkedInAt)}, left ${ukClock(shown.checkedOutAt)}`
            : `Checked in at ${ukClock(shown.checkedInAt)}`}
          {waiting.length > 0 ? ` (${OFFLINE_TEXT.waitingTitle.toLowerCase()})` : ''}
        </p>
      ) : null}
      {choices.checkIn ? (
        <div>
          <Button size="sm" aria-label={`Check in to the visit ${label}`} onClick={() => save('checkIn')}>
            <LogIn aria-hidden="true" />
            Check in
          </Button>
        </div>
      ) : null}
      {choices.checkOut && !writing ? (
        <div>
          <Button
            size="sm"
            aria-label={`Check out of the visit ${label}`}
            onClick={() => {
              setWriting(true);
              requestAnimationFrame(() =>
                formRef.current?.querySelector<HTMLElement>('input, textarea')?.focus(),
              );
            }}
          >
            <LogOut aria-hidden="true" />
            Check out
          </Button>
        </div>
      ) : null}
      {choices.checkOut && writing ? (
        <form
          ref={formRef}
          onSubmit={checkOut}
          aria-label={`Check out of the visit ${label}`}
          className="grid gap-3 rounded-md border border-border p-3"
          noValidate
        >
          <NoteFields
            idPrefix={idPrefix}
            ticks={details?.noteTicks ?? []}
            value={values}
            onChange={setValues}
            errors={{}}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm">
              <LogOut aria-hidden="true" />
              Check out
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => setWriting(false)}>
              Not yet
            </Button>
          </div>
        </form>
      ) : null}
    </li>
  );
}

/**
 * The carer's today and tomorrow when the phone is offline (as last loaded, kept on the phone for
 * this carer only), with check-in and check-out kept until they can be sent, and the steps still
 * waiting to send. Online, the dashboard's Schedule is the view and this shows only what waits.
 */
export function TodayOffline({ userId }: { userId: string }) {
  const online = useOnline();
  const today = useTodayAndTomorrow(userId);
  const queue = useQueuedSteps(userId);
  const queued = queue.data ?? [];
  const offline = !online || today.data?.offline === true;
  if (!offline && queued.length === 0) return null;

  return (
    <section aria-labelledby="today-offline-heading" className="mb-8 grid gap-4">
      <h2 id="today-offline-heading" className="text-2xl font-semibold">
        {OFFLINE_TEXT.todayTitle}
      </h2>
      {offline ? (
        <Alert role="status" className="flex items-start gap-2">
          <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p>
            {today.data
              ? `${OFFLINE_TEXT.offlineBanner} (${OFFLINE_TEXT.savedAt(ukClock(today.data.savedAt))}).`
              : OFFLINE_TEXT.nothingSaved}
          </p>
        </Alert>
      ) : null}
      {queued.length > 0 ? (
        <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <h3 className="font-semibold">{OFFLINE_TEXT.waitingTitle}</h3>
          <p className="text-sm">
            {OFFLINE_TEXT.waitingCount(queued.length)}. {OFFLINE_TEXT.waitingHelp}
          </p>
          <ul className="mt-2 list-disc pl-5 text-sm">
            {queued.map((step) => (
              <li key={step.id}>{step.label}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {offline && today.data ? (
        today.data.visits.length === 0 ? (
          <p className="text-muted-foreground">{OFFLINE_TEXT.noVisits}</p>
        ) : (
          groupVisitsByDay(today.data.visits).map((day) => (
            <div key={day.date} className="grid gap-2">
              <h3 className="font-semibold">{formatDayDate(day.date, false)}</h3>
              <ul className="grid gap-3">
                {day.visits.map((visit) => (
                  <OfflineVisit
                    key={visit.id}
                    visit={visit}
                    details={today.data.details[visit.arrangementId]}
                    queued={queued}
                    userId={userId}
                  />
                ))}
              </ul>
            </div>
          ))
        )
      ) : null}
    </section>
  );
}
