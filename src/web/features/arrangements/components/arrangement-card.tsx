import { useId, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Check, CalendarX2, FileText, MessageSquare, Pencil, Printer, X } from 'lucide-react';
import {
  ArrangementDecline,
  ArrangementEnd,
  describeVisits,
  type Arrangement,
  type ArrangementTerms,
} from '@contracts/arrangements';
import type { OwnCareRequest } from '@contracts/care-requests';
import { conversationPath, paths } from '@contracts/paths';
import { todayInUK } from '@web/features/care-requests';
import { FormDialog } from '@web/components/form-dialog';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { DialogFooter } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { FieldError } from '@web/components/ui/text-field';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, fieldErrors } from '@web/lib/api-client';
import { schemaResolver } from '@web/lib/schema-resolver';
import {
  ARRANGEMENT_STATUS_LABELS,
  arrangementStanding,
  arrangementToFormValues,
  careRequestToFormValues,
  EMPTY_ARRANGEMENT_FORM,
  formatDayDate,
  formatHourlyRate,
  formatWeeklyHours,
  type ArrangementFormValues,
} from './arrangement-format';
import { useArrangementStep, useProposeArrangement } from '../api/arrangements-api';
import { ArrangementForm } from './arrangement-form';
import { CareDetailsDialog, CareDetailsFields, careDetailsOf, NEW_CARE_DETAILS } from './care-details';
import { CoverPlanDialog } from './cover';
import { useAuth } from '@web/lib/auth';

/** '/my-care/{id}/print': the printable summary of one arrangement. */
export function arrangementPrintPath(id: string): string {
  return `/my-care/${encodeURIComponent(id)}/print`;
}

const failed = (error: unknown, fallback: string) =>
  toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, fallback) });

/** The terms in words: start, end, visits, hours, rate and tasks. */
export function ArrangementTermsList({ arrangement }: { arrangement: Arrangement }) {
  const facts: Array<{ term: string; value: ReactNode }> = [
    { term: 'Starts', value: formatDayDate(arrangement.startDate) },
    ...(arrangement.endDate ? [{ term: 'Last day', value: formatDayDate(arrangement.endDate) }] : []),
    {
      term: 'Weekly visits',
      value: `${describeVisits(arrangement.visits)} (${formatWeeklyHours(arrangement.visits)}, UK time)`,
    },
    { term: 'Hourly rate', value: `${formatHourlyRate(arrangement.hourlyRate)}, paid to the carer directly` },
    {
      term: 'Tasks',
      value: arrangement.tasks ? (
        <span className="whitespace-pre-wrap">{arrangement.tasks}</span>
      ) : (
        'None written down'
      ),
    },
    // To the carer: the family's postcode district, never the address.
    ...(arrangement.area ? [{ term: 'Area', value: arrangement.area }] : []),
    ...(arrangement.careFor ? [{ term: 'Care for', value: arrangement.careFor }] : []),
    ...(arrangement.careNotes
      ? [
          {
            term: 'Notes for the carer',
            value: <span className="whitespace-pre-wrap">{arrangement.careNotes}</span>,
          },
        ]
      : []),
    ...(arrangement.noteTicks.length > 0
      ? [{ term: 'Visit note ticks', value: arrangement.noteTicks.join(', ') }]
      : []),
  ];
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      {facts.map(({ term, value }) => (
        <div key={term} className="contents">
          <dt className="font-medium">{term}</dt>
          <dd className="mb-1 min-w-0 text-muted-foreground sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The proposal form in a dialog: a new arrangement from a conversation (filled in from the family's
 * care request the carer answered there, if any), or changes to one. After sending, the keyboard
 * goes to `focusAfter` (the trigger may be gone by then).
 */
export function ArrangementFormDialog({
  mode,
  conversationId,
  arrangement,
  careRequest,
  partnerName,
  trigger,
  focusAfter,
}: {
  mode: 'new' | 'changes';
  conversationId?: string;
  arrangement?: Arrangement;
  careRequest?: Pick<OwnCareRequest, 'startDate' | 'pattern' | 'budgetMax'>;
  partnerName: string;
  trigger: ReactNode;
  focusAfter?: () => HTMLElement | null;
}) {
  const [open, setOpen] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const propose = useProposeArrangement();
  const change = useArrangementStep(arrangement?.id ?? '');
  const busy = propose.isPending || change.isPending;
  const idPrefix = useId().replace(/:/g, '');
  const defaults: ArrangementFormValues =
    mode === 'changes' && arrangement
      ? arrangementToFormValues(arrangement, todayInUK())
      : careRequest
        ? careRequestToFormValues(careRequest, todayInUK())
        : EMPTY_ARRANGEMENT_FORM;

  const [care, setCare] = useState(NEW_CARE_DETAILS);
  const [careErrors, setCareErrors] = useState<Record<string, string>>({});

  const save = async (terms: ArrangementTerms) => {
    setCareErrors({});
    if (mode === 'new') {
      await propose
        .mutateAsync({ ...terms, ...careDetailsOf(care), conversationId: conversationId ?? '' })
        .catch((error: unknown) => {
          setCareErrors(fieldErrors(error));
          throw error;
        });
    } else await change.mutateAsync({ step: 'propose', terms });
    setSent(true);
    toast({
      title: mode === 'new' ? 'Arrangement Proposed' : 'Changes Proposed',
      description: `${partnerName} can now accept, decline or propose changes.`,
    });
    setOpen(false);
    // A new proposal removes the button that opened the dialog (and the dialog with it), so Radix
    // cannot put the keyboard back: once the card is drawn, it goes to the card.
    if (mode === 'new') {
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          const target = focusAfter?.();
          if (target && !target.contains(document.activeElement)) target.focus();
        }),
      );
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setAlert(null);
        setSent(false);
        setOpen(next);
      }}
      trigger={trigger}
      title={mode === 'new' ? 'Propose a care arrangement' : 'Propose changes to the arrangement'}
      description={`${partnerName} will be asked to accept, decline or propose changes. You agree the care between you; CareMatch records what you agreed and reminds you both.`}
      className="max-w-2xl"
      onCloseAutoFocus={(event) => {
        const target = sent ? focusAfter?.() : null;
        if (target) {
          event.preventDefault();
          target.focus();
        }
      }}
      // The form puts the keyboard on its first field itself.
      onOpenAutoFocus={(event) => event.preventDefault()}
    >
      <div className="mt-4">
        <ArrangementForm
          extraFields={
            mode === 'new' ? (
              <CareDetailsFields
                idPrefix={`${idPrefix}-care`}
                value={care}
                onChange={setCare}
                errors={careErrors}
              />
            ) : null
          }
          idPrefix={idPrefix}
          defaultValues={defaults}
          submitLabel={mode === 'new' ? 'Send proposal' : 'Send changes'}
          busy={busy}
          onSave={save}
          alert={alert}
          onAlert={setAlert}
          onCancel={() => setOpen(false)}
        />
      </div>
    </FormDialog>
  );
}

/** The one field of the dialog: a reason to decline, or the last day. */
type OneFieldValues = { reason?: string; endDate?: string };

/** Decline with a reason, or end with a date: one field in a dialog. */
function OneFieldDialog({
  kind,
  arrangement,
  focusAfter,
}: {
  kind: 'decline' | 'end';
  arrangement: Arrangement;
  focusAfter: () => HTMLElement | null;
}) {
  const [open, setOpen] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const step = useArrangementStep(arrangement.id);
  const id = useId().replace(/:/g, '');
  const form = useForm<OneFieldValues>({
    resolver: schemaResolver<OneFieldValues, OneFieldValues>(
      kind === 'decline' ? ArrangementDecline : ArrangementEnd,
    ),
    defaultValues: kind === 'decline' ? { reason: '' } : { endDate: '' },
  });
  const field = kind === 'decline' ? 'reason' : 'endDate';
  const error = form.formState.errors[field]?.message;
  const minimum = arrangement.startDate > todayInUK() ? arrangement.startDate : todayInUK();

  const onSubmit = form.handleSubmit((values) => {
    if (step.isPending) return;
    setAlert(null);
    step.mutate(
      kind === 'decline'
        ? { step: 'decline', reason: values.reason ?? '' }
        : { step: 'end', endDate: values.endDate ?? '' },
      {
        onSuccess: () => {
          setDone(true);
          toast({
            title: kind === 'decline' ? 'Arrangement Declined' : 'Arrangement Ending',
            description: `${arrangement.partnerName} has been told.`,
          });
          setOpen(false);
        },
        onError: (failure) => {
          const beside = fieldErrors(failure)[field];
          if (beside) form.setError(field, { type: 'server', message: beside }, { shouldFocus: true });
          else setAlert(errorMessage(failure, 'That did not work. Please try again.'));
        },
      },
    );
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (step.isPending) return;
        setDone(false);
        setAlert(null);
        form.reset();
        setOpen(next);
      }}
      trigger={
        kind === 'decline' ? (
          <Button variant="outline" size="sm">
            <X aria-hidden="true" />
            Decline
          </Button>
        ) : (
          <Button variant="outline" size="sm">
            <CalendarX2 aria-hidden="true" />
            End arrangement
          </Button>
        )
      }
      title={kind === 'decline' ? 'Decline this proposal?' : 'End this arrangement?'}
      description={
        kind === 'decline'
          ? `${arrangement.partnerName} will see your reason in your conversation.`
          : `Visits after the last day you choose are taken off both calendars, and ${arrangement.partnerName} is told.`
      }
      onCloseAutoFocus={(event) => {
        const target = done ? focusAfter() : null;
        if (target) {
          event.preventDefault();
          target.focus();
        }
      }}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={id}>{kind === 'decline' ? 'Reason' : 'Last day of visits'}</Label>
          {kind === 'decline' ? (
            <Textarea
              id={id}
              rows={3}
              maxLength={500}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              {...form.register('reason')}
            />
          ) : (
            <Input
              id={id}
              type="date"
              min={minimum}
              className="sm:max-w-48"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              {...form.register('endDate')}
            />
          )}
          {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
        </div>
        <div role="alert" aria-atomic="true">
          {alert ? (
            <p className="rounded-md border border-destructive bg-destructive-soft p-3 text-sm text-destructive">
              {alert}
            </p>
          ) : null}
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            {kind === 'decline' ? 'Keep the proposal' : 'Keep the arrangement'}
          </Button>
          <Button type="submit" variant="destructive" aria-disabled={step.isPending || undefined}>
            {step.isPending ? <Spinner /> : null}
            {kind === 'decline' ? 'Decline proposal' : 'End arrangement'}
          </Button>
        </DialogFooter>
      </form>
    </FormDialog>
  );
}

/**
 * One arrangement: where it stands (whose turn), its terms in words, and the steps the viewer may
 * take now: accept, decline or propose changes a proposal waiting for them; end an agreed one.
 */
export function ArrangementCard({
  arrangement,
  headingLevel = 3,
  withConversationLink = false,
  withPrintLink = false,
}: {
  arrangement: Arrangement;
  headingLevel?: 2 | 3;
  withConversationLink?: boolean;
  withPrintLink?: boolean;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const accept = useArrangementStep(arrangement.id);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `arrangement-${arrangement.id}-heading`;
  const focusHeading = () => headingRef.current;
  const answering = arrangement.status === 'proposed' && arrangement.awaitingMe;
  const isFamily = useAuth().user?.userType !== 'carer';

  return (
    <Card data-testid="arrangement-card" aria-labelledby={headingId} role="region">
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <Heading
            ref={headingRef}
            id={headingId}
            tabIndex={-1}
            className="min-w-0 text-lg font-semibold focus:outline-none"
          >
            {`Care arrangement with ${arrangement.partnerName}`}
          </Heading>
          <Badge
            variant={
              arrangement.status === 'accepted'
                ? 'success'
                : arrangement.status === 'proposed'
                  ? 'secondary'
                  : 'muted'
            }
          >
            {ARRANGEMENT_STATUS_LABELS[arrangement.status]}
          </Badge>
        </div>
        <p className="text-sm font-medium" data-testid="arrangement-standing">
          {arrangementStanding(arrangement)}
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ArrangementTermsList arrangement={arrangement} />
        <div className="flex flex-wrap gap-2">
          {answering ? (
            <>
              <Button
                size="sm"
                aria-disabled={accept.isPending || undefined}
                onClick={() =>
                  accept.isPending
                    ? undefined
                    : accept.mutate(
                        { step: 'accept' },
                        {
                          onSuccess: () => {
                            toast({
                              title: 'Arrangement Accepted',
                              description: `${arrangement.partnerName} has been told. The visits are in your schedule.`,
                            });
                            headingRef.current?.focus();
                          },
                          onError: (error) =>
                            failed(error, 'The arrangement could not be accepted. Please try again.'),
                        },
                      )
                }
              >
                {accept.isPending ? <Spinner /> : <Check aria-hidden="true" />}
                Accept
              </Button>
              <OneFieldDialog kind="decline" arrangement={arrangement} focusAfter={focusHeading} />
              <ArrangementFormDialog
                mode="changes"
                arrangement={arrangement}
                partnerName={arrangement.partnerName}
                focusAfter={focusHeading}
                trigger={
                  <Button variant="outline" size="sm">
                    <Pencil aria-hidden="true" />
                    Propose changes
                  </Button>
                }
              />
            </>
          ) : null}
          {arrangement.status === 'accepted' ? (
            <OneFieldDialog kind="end" arrangement={arrangement} focusAfter={focusHeading} />
          ) : null}
          {isFamily && (arrangement.status === 'accepted' || arrangement.status === 'proposed') ? (
            <CareDetailsDialog arrangement={arrangement} focusAfter={focusHeading} />
          ) : null}
          {isFamily && withPrintLink && arrangement.status === 'accepted' ? (
            <CoverPlanDialog arrangement={arrangement} />
          ) : null}
          {withPrintLink && arrangement.status !== 'declined' ? (
            <Button asChild variant="outline" size="sm">
              <Link to={arrangementPrintPath(arrangement.id)}>
                <Printer aria-hidden="true" />
                Printable summary
              </Link>
            </Button>
          ) : null}
          {isFamily &&
          withPrintLink &&
          (arrangement.status === 'accepted' || arrangement.status === 'ended') ? (
            <Button asChild variant="outline" size="sm">
              <Link
                to={`${paths.statements}?${new URLSearchParams({ arrangement: arrangement.id }).toString()}`}
              >
                <FileText aria-hidden="true" />
                Monthly statement
              </Link>
            </Button>
          ) : null}
          {withConversationLink && arrangement.conversationId ? (
            <Button
              asChild
              variant="outline"
              size="sm"
              className="h-auto min-h-9 max-w-full whitespace-normal"
            >
              <Link to={conversationPath(arrangement.conversationId)}>
                <MessageSquare aria-hidden="true" />
                {`Messages with ${arrangement.partnerName}`}
              </Link>
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
