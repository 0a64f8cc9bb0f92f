import { useEffect, useId, useRef, useState } from 'react';
import { useWatch, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, ClipboardList, MapPin, MessageSquare, RotateCw, Send } from 'lucide-react';
import {
  CARE_REQUEST_MESSAGES,
  CareRequestResponseInput,
  type NearbyCareRequest,
} from '@contracts/care-requests';
import { MESSAGE_MAX_LENGTH } from '@contracts/messaging';
import { conversationPath, paths } from '@contracts/paths';
import {
  describeWeek,
  formatBudget,
  formatCalendarDate,
  formatHoursPerWeek,
} from '@web/features/care-requests/components/care-request-format';
import { CharacterCount } from '@web/components/ui/character-count';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { FieldError } from '@web/components/ui/text-field';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, ApiError } from '@web/lib/api-client';
import { formatLongDateGB, formatMiles } from '@web/lib/format';
import { useAnswerCareRequest, useNearbyCareRequests } from '../api/nearby-care-requests';
import { DashboardEmptyState } from '@web/components/dashboard-empty-state';

type AnswerValues = { message: string };

function AnswerForm({
  request,
  onCancel,
  onSent,
}: {
  request: NearbyCareRequest;
  onCancel: () => void;
  onSent: () => void;
}) {
  const answer = useAnswerCareRequest(request.id);
  const [alert, setAlert] = useState<string | null>(null);
  const id = useId();
  const form = useForm<AnswerValues, unknown, CareRequestResponseInput>({
    resolver: zodResolver(CareRequestResponseInput),
    defaultValues: { message: '' },
  });
  const error = form.formState.errors.message?.message;
  const written = useWatch({ control: form.control, name: 'message' });
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  useEffect(() => form.setFocus('message'), [form]);

  const onSubmit = form.handleSubmit((input) => {
    if (answer.isPending) return;
    setAlert(null);
    answer.mutate(input, {
      onSuccess: () => {
        toast({
          title: CARE_REQUEST_MESSAGES.respondedTitle,
          description: 'Your answer is in your messages: carry on there when the family replies.',
        });
        onSent();
      },
      onError: (failure) => {
        const details = failure instanceof ApiError ? failure : null;
        const beside = details?.fieldErrors.message;
        if (beside) form.setError('message', { type: 'server', message: beside }, { shouldFocus: true });
        else setAlert(errorMessage(failure, 'Your answer could not be sent. Please try again.'));
      },
    });
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-3">
      <div className="grid gap-2">
        <Label htmlFor={id}>Your answer</Label>
        <p id={hintId} className="text-sm text-muted-foreground">
          Introduce yourself and say how you could help. It starts a conversation with the family, who can
          read it and reply. {`Up to ${MESSAGE_MAX_LENGTH.toLocaleString('en-GB')} characters.`}
        </p>
        <Textarea
          id={id}
          rows={5}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, `${id}-count`, error ? errorId : ''].filter(Boolean).join(' ')}
          {...form.register('message')}
        />
        <CharacterCount id={`${id}-count`} text={written ?? ''} max={MESSAGE_MAX_LENGTH} />
        {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      </div>
      <div role="alert" aria-atomic="true">
        {alert ? (
          <p className="rounded-md border border-destructive bg-destructive-soft p-3 text-sm text-destructive">
            {alert}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        {/* aria-disabled, not disabled, so focus stays on the button while sending. */}
        <Button type="submit" aria-disabled={answer.isPending || undefined}>
          {answer.isPending ? (
            <>
              <Spinner />
              Sending...
            </>
          ) : (
            <>
              <Send aria-hidden="true" />
              Send answer
            </>
          )}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={onCancel}
          aria-disabled={answer.isPending || undefined}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}

function NearbyRequestCard({ request }: { request: NearbyCareRequest }) {
  const [answering, setAnswering] = useState(false);
  const answerButton = useRef<HTMLButtonElement>(null);
  const conversationLink = useRef<HTMLAnchorElement>(null);
  const [justSent, setJustSent] = useState(false);
  const headingId = `nearby-request-${request.id}-heading`;

  // After sending, the form goes: the keyboard goes to the link to the new conversation.
  // (The list learns the conversation in a render of its own, before or after this one.)
  const conversationId = request.respondedConversationId;
  useEffect(() => {
    if (justSent && conversationId) conversationLink.current?.focus();
  }, [justSent, conversationId]);

  const facts = [
    { term: 'Starts', value: formatCalendarDate(request.startDate) },
    { term: 'Week', value: describeWeek(request.pattern) },
    { term: 'Hours', value: formatHoursPerWeek(request.hoursPerWeek) },
    { term: 'Budget', value: formatBudget(request.budgetMin, request.budgetMax) },
    { term: 'Posted', value: formatLongDateGB(request.createdAt) },
  ];

  return (
    <li>
      <Card data-testid="nearby-care-request">
        <CardHeader className="gap-2">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 id={headingId} className="min-w-0 text-lg font-semibold">
              {`${request.recipient}: ${request.careType}`}
            </h3>
            {request.respondedConversationId ? (
              <Badge variant="success">
                <CheckCircle2 aria-hidden="true" />
                Answered
              </Badge>
            ) : null}
          </div>
          <p className="flex flex-wrap items-center gap-x-2 text-sm font-medium">
            <MapPin aria-hidden="true" className="size-4 text-primary" />
            <span data-testid="request-distance">{`${formatMiles(request.distanceMiles)} away`}</span>
            <span aria-hidden="true">·</span>
            <span>{request.postcodeDistrict}</span>
          </p>
        </CardHeader>
        <CardContent className="grid gap-4">
          <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
            {facts.map(({ term, value }) => (
              <div key={term} className="contents">
                <dt className="font-medium">{term}</dt>
                <dd className="mb-1 min-w-0 text-muted-foreground sm:mb-0">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="text-sm whitespace-pre-wrap">{request.description}</p>
          {request.respondedConversationId ? (
            <Button asChild variant="outline" size="sm" className="w-fit">
              <Link ref={conversationLink} to={conversationPath(request.respondedConversationId)}>
                <MessageSquare aria-hidden="true" />
                Open the conversation
              </Link>
            </Button>
          ) : answering ? (
            <AnswerForm
              request={request}
              onCancel={() => {
                setAnswering(false);
                requestAnimationFrame(() => answerButton.current?.focus());
              }}
              onSent={() => {
                setAnswering(false);
                setJustSent(true);
              }}
            />
          ) : (
            <Button
              ref={answerButton}
              size="sm"
              className="w-fit"
              aria-describedby={headingId}
              onClick={() => setAnswering(true)}
            >
              <Send aria-hidden="true" />
              Answer
            </Button>
          )}
        </CardContent>
      </Card>
    </li>
  );
}

function RequestsSkeleton() {
  return (
    <div role="status" className="grid gap-4">
      <span className="sr-only">Loading care requests near you</span>
      <Skeleton className="h-48" />
      <Skeleton className="h-48" />
    </div>
  );
}

/** What is missing before a carer sees requests (the server's 403), with the way to fix it. */
function MissingForRequests({ message, onEditProfile }: { message: string; onEditProfile: () => void }) {
  return (
    <DashboardEmptyState icon={ClipboardList} title="Care requests near you">
      <p>{message}</p>
      {message === CARE_REQUEST_MESSAGES.needsProfile ? (
        <Button asChild className="mt-4">
          <Link to={paths.carerSignup}>Create Carer Profile</Link>
        </Button>
      ) : (
        <Button className="mt-4" onClick={onEditProfile}>
          Go to your profile
        </Button>
      )}
    </DashboardEmptyState>
  );
}

/**
 * The Requests tab: open care requests near the carer that fit them, nearest first.
 * Asked for once the tab is first opened (every panel stays mounted).
 */
export function DashboardRequests({ active, onEditProfile }: { active: boolean; onEditProfile: () => void }) {
  const [opened, setOpened] = useState(active);
  if (active && !opened) setOpened(true);
  const requests = useNearbyCareRequests(opened);

  if (requests.isPending) return <RequestsSkeleton />;

  if (requests.isError) {
    const details = requests.error instanceof ApiError ? requests.error : null;
    if (details?.status === 403 && details.serverMessage) {
      return <MissingForRequests message={details.serverMessage} onEditProfile={onEditProfile} />;
    }
    return (
      <Alert variant="destructive" role="alert" className="flex-col sm:flex-row sm:items-center">
        <p className="flex-1">
          {errorMessage(requests.error, 'We could not load care requests near you. Please try again.')}
        </p>
        <Button variant="outline" size="sm" onClick={() => void requests.refetch()}>
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
      </Alert>
    );
  }

  const list = requests.data.items;
  if (list.length === 0) {
    return (
      <DashboardEmptyState icon={ClipboardList} title="No Care Requests Near You">
        <p>
          When a family within the distance you travel asks for your type of care at times you are free, their
          request appears here.
        </p>
      </DashboardEmptyState>
    );
  }

  return (
    <section aria-labelledby="dashboard-requests-heading" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="dashboard-requests-heading" className="text-lg font-semibold">
          Care requests near you ({list.length})
        </h2>
        <p className="text-sm text-muted-foreground">
          Nearest first. Families agree the care with you directly; answer the ones you could take on.
        </p>
      </div>
      <ul className="grid gap-4 lg:grid-cols-2">
        {list.map((request) => (
          <NearbyRequestCard key={request.id} request={request} />
        ))}
      </ul>
    </section>
  );
}
