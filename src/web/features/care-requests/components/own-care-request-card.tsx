import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, Lock, MessageSquare, Pencil, XCircle } from 'lucide-react';
import {
  CARE_REQUEST_MESSAGES,
  type CareRequestResponder,
  type OwnCareRequest,
} from '@contracts/care-requests';
import { carerProfilePath, conversationPath, paths } from '@contracts/paths';
import {
  CARE_REQUEST_STATUS_LABELS,
  describeWeek,
  formatBudget,
  formatCalendarDate,
  formatHoursPerWeek,
} from '@web/features/care-requests/components/care-request-format';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { RatingSummary } from '@web/components/star-rating';
import { Alert } from '@web/components/ui/alert';
import { Avatar, AvatarFallback, AvatarImage } from '@web/components/ui/avatar';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { formatLongDateGB, formatMiles } from '@web/lib/format';
import { useUpdateCareRequest } from '../api/care-requests';
import { CareRequestForm, requestToFormValues } from './care-request-form';

/** The request card's heading id: the page moves focus there after a post or a close. */
export const requestHeadingId = (id: string) => `care-request-${id}-heading`;

/**
 * Moves the keyboard to a request's heading once it is drawn: a new request reaches the list in a
 * render of its own, a frame or two after the save answers.
 */
export function focusRequestHeading(id: string, framesLeft = 30) {
  const heading = document.getElementById(requestHeadingId(id));
  if (heading) heading.focus();
  else if (framesLeft > 0) requestAnimationFrame(() => focusRequestHeading(id, framesLeft - 1));
}

const CLOSE_CHOICES = {
  filled: {
    button: 'Mark as filled',
    icon: CheckCircle2,
    title: 'Mark this care request as filled?',
    confirm: 'Mark as filled',
    done: 'Marked as filled.',
  },
  not_needed: {
    button: 'No longer needed',
    icon: XCircle,
    title: 'Close this care request as no longer needed?',
    confirm: 'Close request',
    done: 'Closed as no longer needed.',
  },
} as const;
type CloseStatus = keyof typeof CLOSE_CHOICES;

function CloseButton({ request, status }: { request: OwnCareRequest; status: CloseStatus }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateCareRequest(request.id);
  const choice = CLOSE_CHOICES[status];
  const Icon = choice.icon;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" size="sm">
          <Icon aria-hidden="true" />
          {choice.button}
        </Button>
      }
      title={choice.title}
      description={
        <p>
          Carers will no longer see it or be able to answer it. You can still read and reply to the carers who
          answered. This cannot be undone.
        </p>
      }
      confirmLabel={choice.confirm}
      keepLabel="Keep it open"
      busy={update.isPending}
      onCloseAutoFocus={(event) => {
        // The buttons go once the request is closed: the keyboard goes to its heading.
        if (update.isSuccess) {
          event.preventDefault();
          focusRequestHeading(request.id);
        }
      }}
      onConfirm={() =>
        update.mutate(
          { status },
          {
            onSuccess: () => {
              setOpen(false);
              toast({ title: 'Care Request Closed', description: choice.done });
            },
            onError: (error) => {
              setOpen(false);
              toast({
                variant: 'destructive',
                title: 'Error',
                description: errorMessage(error, 'The care request could not be closed. Please try again.'),
              });
            },
          },
        )
      }
    />
  );
}

function ResponderAvatar({ responder }: { responder: CareRequestResponder }) {
  return (
    <Avatar className="size-12">
      {/* Decorative: the name stands beside it. */}
      {responder.photoUrl ? <AvatarImage src={responder.photoUrl} alt="" /> : null}
      <AvatarFallback aria-hidden="true">{responder.firstName.charAt(0).toUpperCase() || 'C'}</AvatarFallback>
    </Avatar>
  );
}

function Responder({ responder }: { responder: CareRequestResponder }) {
  return (
    <li className="grid gap-3 rounded-md border border-border p-3" data-testid="care-request-responder">
      <div className="flex min-w-0 items-start gap-3">
        <ResponderAvatar responder={responder} />
        <div className="grid min-w-0 gap-1 text-sm">
          <Link
            to={carerProfilePath(responder.carerId)}
            className="font-semibold text-primary underline-offset-4 hover:underline"
          >
            {responder.firstName}
          </Link>
          <RatingSummary rating={responder.rating} reviewCount={responder.reviewCount} />
          <span className="text-muted-foreground">
            {responder.distanceMiles === null
              ? 'Distance not known'
              : `${formatMiles(responder.distanceMiles)} away`}
            {' · '}
            Answered {formatLongDateGB(responder.respondedAt)}
          </span>
        </div>
      </div>
      {responder.message !== null ? (
        <>
          <blockquote className="rounded-md bg-muted px-3 py-2 text-sm whitespace-pre-wrap">
            <span className="sr-only">{`${responder.firstName} wrote: `}</span>
            {responder.message}
          </blockquote>
          {responder.conversationId ? (
            <Button asChild size="sm" className="w-fit">
              <Link
                to={conversationPath(responder.conversationId)}
                aria-label={`Reply to ${responder.firstName}`}
              >
                <MessageSquare aria-hidden="true" />
                Reply
              </Link>
            </Button>
          ) : null}
        </>
      ) : null}
    </li>
  );
}

function Responses({ request }: { request: OwnCareRequest }) {
  const { responses } = request;
  const headingId = `care-request-${request.id}-responses`;
  const locked = responses.some((responder) => responder.message === null);
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h4 id={headingId} className="font-semibold">
        {responses.length === 0 ? 'No carers have answered yet' : `Carers who answered (${responses.length})`}
      </h4>
      {responses.length === 0 ? (
        request.status === 'open' ? (
          <p className="text-sm text-muted-foreground">
            Carers near you who match it can answer. We will email you when they do.
          </p>
        ) : null
      ) : (
        <>
          {locked ? (
            <Alert className="flex-col items-start" data-testid="care-request-subscribe">
              <p className="flex items-start gap-2">
                <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {CARE_REQUEST_MESSAGES.subscribeToRead}
              </p>
              <Button asChild size="sm">
                <Link to={paths.subscribe}>See plans</Link>
              </Button>
            </Alert>
          ) : null}
          <ul className="grid gap-3">
            {responses.map((responder) => (
              <Responder key={responder.carerId} responder={responder} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function EditRequest({ request, onDone }: { request: OwnCareRequest; onDone: () => void }) {
  const update = useUpdateCareRequest(request.id);
  const [alert, setAlert] = useState<string | null>(null);
  const [defaults] = useState(() => requestToFormValues(request));
  return (
    <CareRequestForm
      idPrefix={`edit-${request.id}`}
      defaultValues={defaults}
      submitLabel="Save changes"
      pendingLabel="Saving..."
      busy={update.isPending}
      onSave={(input) => update.mutateAsync(input)}
      alert={alert}
      onAlert={setAlert}
      onSaved={() => {
        toast({ title: 'Care Request Updated', description: 'Your changes have been saved.' });
        onDone();
      }}
      onCancel={onDone}
    />
  );
}

/** One of the family's requests: what it asks, its state, edit and close, and who answered. */
export function OwnCareRequestCard({ request }: { request: OwnCareRequest }) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const open = request.status === 'open';
  const title = `${request.recipient}: ${request.careType}`;

  const startEditing = () => {
    setEditing(true);
    // The form's first field takes the keyboard once it is drawn.
    requestAnimationFrame(() => document.getElementById(`edit-${request.id}-recipient`)?.focus());
  };
  const stopEditing = () => {
    setEditing(false);
    requestAnimationFrame(() =>
      (editButton.current ?? document.getElementById(requestHeadingId(request.id)))?.focus(),
    );
  };

  const facts = [
    { term: 'Where', value: `${request.postcode} (carers see ${request.postcodeDistrict})` },
    { term: 'Starts', value: formatCalendarDate(request.startDate) },
    { term: 'Week', value: describeWeek(request.pattern) },
    { term: 'Hours', value: formatHoursPerWeek(request.hoursPerWeek) },
    { term: 'Budget', value: formatBudget(request.budgetMin, request.budgetMax) },
    {
      term: open ? 'Closes' : 'Posted',
      value: open ? formatLongDateGB(request.closesAt) : formatLongDateGB(request.createdAt),
    },
  ];

  return (
    <li>
      <Card data-testid="own-care-request">
        <CardHeader className="gap-2">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3
              id={requestHeadingId(request.id)}
              tabIndex={-1}
              className="min-w-0 text-lg font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {title}
            </h3>
            <Badge variant={open ? 'success' : 'muted'}>{CARE_REQUEST_STATUS_LABELS[request.status]}</Badge>
          </div>
          <p className="text-sm text-muted-foreground">Posted {formatLongDateGB(request.createdAt)}</p>
        </CardHeader>
        <CardContent className="grid gap-5">
          {editing ? (
            <EditRequest request={request} onDone={stopEditing} />
          ) : (
            <>
              <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
                {facts.map(({ term, value }) => (
                  <div key={term} className="contents">
                    <dt className="font-medium">{term}</dt>
                    <dd className="mb-1 min-w-0 text-muted-foreground sm:mb-0">{value}</dd>
                  </div>
                ))}
              </dl>
              <p className="text-sm whitespace-pre-wrap">{request.description}</p>
              {open ? (
                <div className="flex flex-wrap gap-2">
                  <Button ref={editButton} variant="outline" size="sm" onClick={startEditing}>
                    <Pencil aria-hidden="true" />
                    Edit
                  </Button>
                  <CloseButton request={request} status="filled" />
                  <CloseButton request={request} status="not_needed" />
                </div>
              ) : null}
            </>
          )}
          <Responses request={request} />
        </CardContent>
      </Card>
    </li>
  );
}
