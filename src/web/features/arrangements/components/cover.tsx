import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Check, LifeBuoy, Printer, Send, X } from 'lucide-react';
import {
  COVER_BACKUPS_MAX,
  NO_SHOW_MINUTES_MAX,
  NO_SHOW_MINUTES_MIN,
  type CoverOffer,
  type CoverPlan,
  type FamilyAlert,
  type OnYourWayPrompt,
} from '@contracts/cover';
import type { Arrangement } from '@contracts/arrangements';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { DialogButtons, FormDialog } from '@web/components/form-dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import {
  useAcceptOffer,
  useCantMakeIt,
  useCoverOffers,
  useCoverPlan,
  useFamilyAlerts,
  useOfferCover,
  useOnYourWay,
  useSetCoverPlan,
} from '../api/cover-api';
import { useVisitRecordStep } from '../api/visit-records-api';
import { formatDayDate, formatHourlyRate } from './arrangement-format';

const failed = (error: unknown, fallback: string) =>
  toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, fallback) });

/** '/my-care/{id}/cover': the printable contingency plan of one arrangement. */
export function contingencyPlanPath(id: string): string {
  return `/my-care/${encodeURIComponent(id)}/cover`;
}

const when = (visit: { date: string; start: string; end: string }) =>
  `${formatDayDate(visit.date)}, ${visit.start}–${visit.end}`;

function alertWords(alert: FamilyAlert): string {
  const who = alert.careFor ? ` (${alert.careFor})` : '';
  if (alert.state === 'covered')
    return `${alert.coverName} is coming instead of ${alert.carerName} to the visit${who} on ${when(alert)}.`;
  if (alert.state === 'cleared')
    return `Cleared: ${alert.carerName} checked in to the visit${who} on ${when(alert)}.`;
  if (alert.kind === 'cant_make_it')
    return `${alert.carerName} can’t make the visit${who} on ${when(alert)}.`;
  return `${alert.carerName} has not checked in to the visit${who} on ${when(alert)}.`;
}

/**
 * One alert. The offer's mutation lives here, not in its button: the button goes once the visit
 * is offered, and the refresh can land before the answer, which would lose the toast with it.
 */
function FamilyAlertItem({ alert }: { alert: FamilyAlert }) {
  const offer = useOfferCover(alert.visitId);
  const wordsRef = useRef<HTMLParagraphElement>(null);
  return (
    <li data-testid="cover-alert">
      <Alert variant={alert.state === 'open' ? 'destructive' : 'default'} className="grid gap-2">
        <p ref={wordsRef} tabIndex={-1} className="font-medium focus:outline-none">
          {alertWords(alert)}
        </p>
        {alert.state === 'open' && alert.offered ? (
          <p className="text-sm">Offered to your backups: waiting for one to accept.</p>
        ) : null}
        {alert.mayOffer ? (
          <div>
            <Button
              size="sm"
              aria-disabled={offer.isPending || undefined}
              onClick={() =>
                offer.isPending
                  ? undefined
                  : offer.mutate(undefined, {
                      onSuccess: () => {
                        toast({
                          title: 'Offered to Your Backups',
                          description:
                            'Each backup carer has been asked. The first to accept takes the visit.',
                        });
                        // The button has gone: the keyboard stays on this alert.
                        requestAnimationFrame(() => wordsRef.current?.focus());
                      },
                      onError: (error) => failed(error, 'The visit could not be offered. Please try again.'),
                    })
              }
            >
              {offer.isPending ? <Spinner /> : <Send aria-hidden="true" />}
              Offer to backups
            </Button>
          </div>
        ) : null}
      </Alert>
    </li>
  );
}

/** The family's alerts on /my-care: the carer not checked in, or can't make it; offer to backups. */
export function FamilyCoverAlerts() {
  const alerts = useFamilyAlerts();
  const items = alerts.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="cover-alerts-heading" className="grid gap-3">
      <h2 id="cover-alerts-heading" className="text-xl font-semibold">
        Visits that need you
      </h2>
      <ul className="grid gap-3">
        {items.map((alert) => (
          <FamilyAlertItem key={alert.visitId} alert={alert} />
        ))}
      </ul>
    </section>
  );
}

function OnYourWayItem({ prompt }: { prompt: OnYourWayPrompt }) {
  const checkIn = useVisitRecordStep(prompt.visitId);
  const cantCome = useCantMakeIt(prompt.visitId);
  const busy = checkIn.isPending || cantCome.isPending;
  return (
    <li data-testid="on-your-way">
      <Alert variant="destructive" className="grid gap-2">
        <p className="font-medium">Are you on your way?</p>
        <p className="text-sm">
          {`You have not checked in to the visit for ${prompt.careFor || prompt.familyName} on ${when(prompt)}, and the family has been told.`}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            aria-disabled={busy || undefined}
            onClick={() =>
              busy
                ? undefined
                : checkIn.mutate(
                    { step: 'checkIn' },
                    { onError: (error) => failed(error, 'You could not be checked in. Please try again.') },
                  )
            }
          >
            {checkIn.isPending ? <Spinner /> : <Check aria-hidden="true" />}
            Check in
          </Button>
          <Button
            size="sm"
            variant="outline"
            aria-disabled={busy || undefined}
            onClick={() =>
              busy
                ? undefined
                : cantCome.mutate(undefined, {
                    onError: (error) => failed(error, 'The family could not be told. Please try again.'),
                  })
            }
          >
            {cantCome.isPending ? <Spinner /> : <X aria-hidden="true" />}
            Can’t make it
          </Button>
        </div>
      </Alert>
    </li>
  );
}

/** The carer's "Are you on your way?" prompts (agenda and dashboard). */
export function OnYourWay() {
  const prompts = useOnYourWay();
  const items = prompts.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <ul className="grid gap-3" aria-label="Visits you have not checked in to">
      {items.map((prompt) => (
        <OnYourWayItem key={prompt.visitId} prompt={prompt} />
      ))}
    </ul>
  );
}

const OFFER_STATUS: Record<CoverOffer['status'], string> = {
  open: 'Asked',
  accepted: 'You are covering',
  taken: 'Taken by another backup',
};

function OfferItem({ offer }: { offer: CoverOffer }) {
  const accept = useAcceptOffer(offer.id);
  const checkIn = useVisitRecordStep(offer.visitId);
  const whenRef = useRef<HTMLParagraphElement>(null);
  return (
    <li data-testid="cover-offer" className="grid gap-2 rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p
          ref={whenRef}
          tabIndex={-1}
          className="font-medium focus:outline-none"
        >{`${offer.familyName}${offer.area ? `, ${offer.area}` : ''}: ${when(offer)}`}</p>
        <Badge
          variant={offer.status === 'accepted' ? 'success' : offer.status === 'taken' ? 'muted' : 'secondary'}
        >
          {offer.cancelled ? 'Cancelled' : OFFER_STATUS[offer.status]}
        </Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        {`${offer.careFor ? `${offer.careFor}. ` : ''}${formatHourlyRate(offer.hourlyRate)}, as you agreed with the family.`}
      </p>
      {offer.careNotes ? <p className="text-sm whitespace-pre-wrap">{offer.careNotes}</p> : null}
      {offer.status === 'open' && !offer.cancelled ? (
        <div>
          <Button
            size="sm"
            aria-disabled={accept.isPending || undefined}
            onClick={() =>
              accept.isPending
                ? undefined
                : accept.mutate(undefined, {
                    onSuccess: () => {
                      toast({
                        title: 'Visit Accepted',
                        description: `${offer.familyName} has been told you are coming.`,
                      });
                      // The button has gone: the keyboard stays on this offer.
                      requestAnimationFrame(() => whenRef.current?.focus());
                    },
                    onError: (error) => failed(error, 'The visit could not be accepted. Please try again.'),
                  })
            }
          >
            {accept.isPending ? <Spinner /> : <Check aria-hidden="true" />}
            Accept
          </Button>
        </div>
      ) : null}
      {offer.status === 'accepted' && !offer.cancelled && !offer.checkedInAt ? (
        <div>
          <Button
            size="sm"
            variant="outline"
            aria-disabled={checkIn.isPending || undefined}
            onClick={() =>
              checkIn.isPending
                ? undefined
                : checkIn.mutate(
                    { step: 'checkIn' },
                    { onError: (error) => failed(error, 'You could not be checked in. Please try again.') },
                  )
            }
          >
            {checkIn.isPending ? <Spinner /> : <Check aria-hidden="true" />}
            Check in
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** A backup carer's offers, in the Requests tab. */
export function CoverOffersList({ active = true }: { active?: boolean }) {
  const offers = useCoverOffers(active);
  const items = offers.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="cover-offers-heading" className="grid gap-3">
      <h2 id="cover-offers-heading" className="text-xl font-semibold">
        Visits families asked you to cover
      </h2>
      <ul className="grid gap-3">
        {items.map((offer) => (
          <OfferItem key={offer.id} offer={offer} />
        ))}
      </ul>
    </section>
  );
}

type BackupDraft = { carerId: string; hourlyRate: string };

function CoverPlanForm({ plan, onDone }: { plan: CoverPlan; onDone: () => void }) {
  const idPrefix = useId().replace(/:/g, '');
  const save = useSetCoverPlan(plan.arrangementId);
  const [minutes, setMinutes] = useState(String(plan.noShowMinutes));
  const [backups, setBackups] = useState<BackupDraft[]>(
    plan.backups.map(({ carerId, hourlyRate }) => ({ carerId, hourlyRate })),
  );
  const [alert, setAlert] = useState<string | null>(null);
  const names = new Map([...plan.candidates, ...plan.backups].map((item) => [item.carerId, item.name]));
  const areas = new Map(plan.backups.map((item) => [item.carerId, item.area]));
  const free = plan.candidates.filter((item) => !backups.some((backup) => backup.carerId === item.carerId));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    save.mutate(
      { noShowMinutes: Number(minutes), backups },
      {
        onSuccess: () => {
          toast({
            title: 'Cover Plan Saved',
            description: 'Nothing is offered to your backups unless you choose to.',
          });
          onDone();
        },
        onError: (error) =>
          setAlert(errorMessage(error, 'The cover plan could not be saved. Please try again.')),
      },
    );
  };

  return (
    <form onSubmit={submit} className="mt-2 grid gap-4" noValidate>
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-minutes`}>
          Alert us when the carer has not checked in after (minutes)
        </Label>
        <Input
          id={`${idPrefix}-minutes`}
          type="number"
          inputMode="numeric"
          min={NO_SHOW_MINUTES_MIN}
          max={NO_SHOW_MINUTES_MAX}
          value={minutes}
          onChange={(event) => setMinutes(event.target.value)}
          className="w-28"
        />
      </div>
      <fieldset className="grid gap-3">
        <legend className="text-sm font-medium">{`Backup carers, in the order to ask (up to ${COVER_BACKUPS_MAX})`}</legend>
        {backups.map((backup, index) => (
          <div key={backup.carerId} className="flex flex-wrap items-end gap-2" data-testid="cover-backup">
            <p className="min-w-32 flex-1 text-sm font-medium">
              {`${index + 1}. ${names.get(backup.carerId) ?? ''}`}
              {areas.get(backup.carerId) ? (
                <span className="font-normal text-muted-foreground">{` (${areas.get(backup.carerId)})`}</span>
              ) : null}
            </p>
            <div className="grid gap-1.5">
              <Label
                htmlFor={`${idPrefix}-rate-${index}`}
              >{`Hourly rate agreed with ${names.get(backup.carerId) ?? ''} (£)`}</Label>
              <Input
                id={`${idPrefix}-rate-${index}`}
                inputMode="decimal"
                value={backup.hourlyRate}
                onChange={(event) =>
                  setBackups(
                    backups.map((item, i) =>
                      i === index ? { ...item, hourlyRate: event.target.value } : item,
                    ),
                  )
                }
                className="w-28"
              />
            </div>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => setBackups(backups.filter((_, i) => i !== index))}
            >
              {`Remove ${names.get(backup.carerId) ?? ''}`}
            </Button>
          </div>
        ))}
        {backups.length < COVER_BACKUPS_MAX && free.length > 0 ? (
          <div className="grid gap-1.5">
            <Label htmlFor={`${idPrefix}-add`}>Add a carer you have talked to</Label>
            <select
              id={`${idPrefix}-add`}
              className="h-10 rounded-md border bg-background px-3 text-sm"
              value=""
              onChange={(event) =>
                event.target.value &&
                setBackups([...backups, { carerId: event.target.value, hourlyRate: '' }])
              }
            >
              <option value="">Choose a carer</option>
              {free.map((item) => (
                <option key={item.carerId} value={item.carerId}>
                  {item.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {plan.candidates.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Backups are carers you have a conversation with. Write to one first.
          </p>
        ) : null}
      </fieldset>
      <div role="alert" aria-atomic="true">
        {alert ? (
          <p className="rounded-md border border-destructive bg-destructive-soft p-3 text-sm text-destructive">
            {alert}
          </p>
        ) : null}
      </div>
      <DialogButtons submitLabel="Save cover plan" pendingLabel="Save cover plan" pending={save.isPending} />
    </form>
  );
}

/** The family's cover plan for an accepted arrangement: a dialog, and the printable plan. */
export function CoverPlanDialog({ arrangement }: { arrangement: Arrangement }) {
  const [open, setOpen] = useState(false);
  const plan = useCoverPlan(arrangement.id, open);
  const mayArrange = arrangement.viewerRole === 'holder' || arrangement.viewerRole === 'can_arrange';
  return (
    <>
      {mayArrange ? (
        <FormDialog
          open={open}
          onOpenChange={setOpen}
          trigger={
            <Button variant="outline" size="sm">
              <LifeBuoy aria-hidden="true" />
              Cover plan
            </Button>
          }
          title="Cover plan"
          description={`If ${arrangement.partnerName} can’t come, you choose whether to offer the visit to your backups. CareMatch never offers it for you.`}
          className="max-w-xl"
        >
          {plan.data ? <CoverPlanForm plan={plan.data} onDone={() => setOpen(false)} /> : <Spinner />}
        </FormDialog>
      ) : null}
      <Button asChild variant="outline" size="sm">
        <Link to={contingencyPlanPath(arrangement.id)}>
          <Printer aria-hidden="true" />
          Contingency plan
        </Link>
      </Button>
    </>
  );
}
